"""Reading, writing or checking the case files an authoring tool derives (shared by author_readings.py,
author_legal.py, author_1895.py and the checkers check_*.py). Standard library + PyYAML; it never runs the
interpreter."""
import os

import yaml

# libyaml's parser and emitter when PyYAML was built with them: the same data and, for every case file, the same
# text as the pure-Python ones (each case file was loaded and dumped both ways), several times quicker
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load_yaml(stream):
    """``yaml.safe_load(stream)``, through libyaml when PyYAML has it."""
    return yaml.load(stream, Loader=_LOADER)


def to_yaml(case):
    """A case as its file holds it: keys in the order given, flow style inside, one line per key."""
    return yaml.dump(case, Dumper=_DUMPER, sort_keys=False, allow_unicode=True, width=100000,
                     default_flow_style=None)


def write_or_check(path, text, check):
    """With ``check``, whether the file at ``path`` holds exactly ``text`` (printing DIFFERS when not);
    without, write it (making its folder). True unless a checked file differs."""
    if not check:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return True
    try:
        with open(path, encoding="utf-8") as f:
            same = f.read() == text
    except FileNotFoundError:
        same = False
    if not same:
        print("DIFFERS:", path)
    return same
