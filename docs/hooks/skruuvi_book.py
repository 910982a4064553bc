"""mkdocs hook: generate the rule book from spec/ and conformance/ at build time.

Registered in mkdocs.yml under ``hooks:``. The book has an English edition (every page) and a Finnish edition of
the player pages; the kept plugin mkdocs-static-i18n builds the site once per language (English at the root,
Finnish under ``fi/``) and gives the theme its language switch, which leads to the other edition's home page (each
player page links its other edition itself). For each of those builds, ``on_config`` renders
the pages of the build's language (skruuvi.book.site) and sets their navigation, and ``on_files`` adds them as
generated files; the English build also runs the reference and the oracle over the suite for the Implementations
page (skruuvi.book.implementations). Both run after the i18n plugin's own handlers (priority -200 against its -100), so that the
build's language is known and the plugin, which reads pages from docs/, leaves the generated ones alone. Nothing
is written to docs/.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

from skruuvi.book import site
from skruuvi.book.implementations import implementation_files
from skruuvi.rules.errors import SkruuviError

_pages: dict[str, str] = {}


def language(config) -> str:
    """The language of the build under way: the i18n plugin's current one (English without the plugin)."""
    i18n = config.plugins.get("i18n")
    return str(getattr(i18n, "current_language", None) or site.DEFAULT_LANGUAGE)


@event_priority(-200)
def on_config(config):
    root = Path(config.config_file_path).resolve().parent
    lang = language(config)
    _pages.clear()
    try:
        _pages.update(site.build_pages(root, lang))
        if lang == site.DEFAULT_LANGUAGE:  # the engines run over the suite: once per build, for the English edition
            _pages.update(implementation_files(root))
        config.nav = site.nav(site.load_rulesets(root), lang)
    except SkruuviError as exc:  # a spec file the book cannot use: one line naming the file, the place, the reason
        raise PluginError(str(exc)) from None
    return config


@event_priority(-200)
def on_files(files: Files, config) -> Files:
    lang = language(config)
    for path, content in _pages.items():
        existing = files.get_file_from_path(path)
        if existing is not None:  # the generated page wins over a stray file of the same name
            files.remove(existing)
        generated = File.generated(config, path, content=content)
        site.mark_language(generated, path, lang)
        files.append(generated)
    i18n = config.plugins.get("i18n")
    if isinstance(getattr(i18n, "i18n_files_per_language", None), dict):  # its sitemap lists each build's pages
        i18n.i18n_files_per_language[lang] = files.documentation_pages()
    return files


def on_post_build(config) -> None:
    """The theme's language switch looks for a sitemap under each language's root; the plugin writes one at the
    site's root, listing the pages of both languages: the Finnish root gets the same."""
    lang = language(config)
    site_dir = Path(config.site_dir)
    if lang != site.DEFAULT_LANGUAGE and (site_dir / "sitemap.xml").is_file():
        (site_dir / lang).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(site_dir / "sitemap.xml", site_dir / lang / "sitemap.xml")
