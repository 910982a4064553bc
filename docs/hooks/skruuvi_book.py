"""mkdocs hook: generate the rule book from spec/ and conformance/ at build time.

Registered in mkdocs.yml under ``hooks:``. ``on_config`` renders every page (skruuvi.book.site) and sets
the navigation; ``on_files`` adds the pages to the build as generated files. Nothing is written to docs/.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from skruuvi.book import site
from skruuvi.rules.errors import SkruuviError

_pages: dict[str, str] = {}


def on_config(config):
    root = Path(config.config_file_path).resolve().parent
    _pages.clear()
    try:
        _pages.update(site.build_pages(root))
        config.nav = site.nav(site.load_rulesets(root))
    except SkruuviError as exc:  # a spec file the book cannot use: one line naming the file, the place, the reason
        raise PluginError(str(exc)) from None
    return config


def on_files(files: Files, config) -> Files:
    for path, content in _pages.items():
        existing = files.get_file_from_path(path)
        if existing is not None:  # the generated page wins over a stray file of the same name
            files.remove(existing)
        files.append(File.generated(config, path, content=content))
    return files
