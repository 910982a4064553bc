"""The interpreter: a recorded deal or match replayed under a compiled ruleset.

Read ``README.md`` beside this file first: it walks one replay top to bottom. The step path (each
mechanism's ``verify`` and ``apply``) is the rule; ``fast/`` holds the batch paths, proven equal to it.
"""
