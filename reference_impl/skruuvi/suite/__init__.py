"""The conformance suite's machinery: cases, the SCP/1 protocol and server, the runner, its reports, the
pytest plugin and validation of everything a suite is made of (validation sits here, above the
interpreter, because checking a case's deal builds it)."""
