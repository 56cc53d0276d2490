#!/usr/bin/env bash
# Install (or name) the Debian packages Copperplate needs. Fonts come from packages, never
# from the repository.
#   runtime: cairo for rendering, the pinned DejaVu fonts every template uses, and
#            ghostscript for the CMYK PDF/X files of print shops (export --to pod);
#   press:   argyll with icc-profiles-free, to build the FOGRA39 and GRACoL press
#            profiles from Debian's measurement data (export --press-profile
#            fogra39|gracol; without them that option says what to install). A CI job
#            that only validates decks needs the runtime alone.
#   --test adds what only the tests use: chromium, the headless browser the preview and
#            report tests drive (never a browser download).
set -euo pipefail
runtime=(libcairo2 fonts-dejavu-core fonts-dejavu-extra ghostscript)
press=(argyll icc-profiles-free)
testing=(chromium)
wanted=("${runtime[@]}" "${press[@]}")
[ "${1:-}" = --test ] && wanted+=("${testing[@]}")
need=()
for package in "${wanted[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || need+=("$package")
done
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "==> installing system packages: ${need[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "copperplate needs system packages: run 'sudo apt-get install ${need[*]}'" >&2
  exit 1
fi
