"""The historian's tools: rule differences between rulesets (``compare``), one deal replayed under several
eras (``crossera``) and their text and markdown reports (``compare_report``)."""
