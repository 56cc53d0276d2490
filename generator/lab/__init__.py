"""Many games played: across machines with ``--cluster`` (``cluster``) and the balance
report of what they showed (``balance_report``).
"""
