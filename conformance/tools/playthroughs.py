"""Write playthroughs (conformance/playthroughs/<era>.playthrough.gz): for a sample of the generated records, the
legal set before every action, as the reference interpreter answers it (OpenSpiel's playthroughs, for
Skruuvi). JSON Lines, gzip (named apart from the case files, which they are not). One JSON line per record: ``id``, ``ruleset``, ``deal``, ``actions`` and ``legal`` (a list of
``len(actions) + 1`` sets, each sorted, canonical; the last ``[]``).

These are the reference's answers, not hand derivations: they are to be judged as two implementations once
the independent oracle answers SCP/1 ``legal``; tests/authoring/test_playthrough.py checks that each set is
exactly what the reference's own verify step accepts over the finite action universe.

    python3 conformance/tools/playthroughs.py [--count 4] [--every 997]   (writes the files)
    python3 conformance/tools/playthroughs.py --check                       (exit 1 when a file differs)
"""
import argparse
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "reference_impl"))

from skruuvi.authoring.playthrough import playthrough_record, sample  # noqa: E402

GENERATED = os.path.join(ROOT, "conformance", "generated")
OUT = os.path.join(ROOT, "conformance", "playthroughs")


def records(era):
    folder = os.path.join(GENERATED, era)
    for name in sorted(os.listdir(folder)):
        if name.endswith(".jsonl.gz"):
            with gzip.open(os.path.join(folder, name), "rt", encoding="utf-8") as f:
                for line in f:
                    yield json.loads(line)


def text_for(era, count, every):
    lines = [json.dumps(playthrough_record(r), ensure_ascii=False, separators=(",", ":"))
             for r in sample(records(era), count, every)]
    return "".join(line + "\n" for line in lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=4, help="records per era (default 4)")
    parser.add_argument("--every", type=int, default=997, help="take every N-th legal record (default 997)")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    bad = 0
    for era in sorted(os.listdir(GENERATED)):
        path = os.path.join(OUT, f"{era}.playthrough.gz")
        text = text_for(era, args.count, args.every)
        if args.check:
            try:
                with gzip.open(path, "rt", encoding="utf-8") as f:
                    same = f.read() == text
            except FileNotFoundError:
                same = False
            if not same:
                print("DIFFERS:", path)
                bad += 1
        else:
            os.makedirs(OUT, exist_ok=True)
            with gzip.GzipFile(path, "wb", mtime=0) as f:  # no time stamp: the same suite, the same bytes
                f.write(text.encode("utf-8"))
            print(path, text.count("\n"), "playthroughs")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
