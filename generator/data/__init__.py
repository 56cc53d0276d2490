"""A deck's data: safe YAML with every value's line (``yamlsrc``), spreadsheets
(``sheets``), either read by ``componentfile``; variant overlays (``overlay``); one
game's components loaded and validated against its model (``components``), and converted
between YAML and spreadsheets (``convert``).
"""
