from generator.entry import main

raise SystemExit(main())
