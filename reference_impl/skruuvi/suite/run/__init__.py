"""A conformance run: the runner that drives engine processes over SCP/1 and judges their answers, the
declarations of a start answer and the plan they make, the legal and perft cases, and an engine's output read line
by line."""
