"""mkdocs hook: generate the rule book from spec/ and conformance/ at build time.

Registered in mkdocs.yml under ``hooks:``. The book has an English edition (every page) and a Finnish edition of
the player pages; the kept plugin mkdocs-static-i18n builds the site once per language (English at the root,
Finnish under ``fi/``). For each of those builds, ``on_config`` renders the pages of the build's language
(skruuvi.book.site) and sets their navigation, and ``on_files`` adds them as generated files, each marked as a page of
the plugin with its other edition (``site.mark_language``), so that the plugin points the header's language switch
at the other edition of the page shown (a page in English only: at the Finnish home page, and the switch says so;
its links lead from the page, so that the book can be published in any folder: ``on_page_context``). The English
build also runs the reference and the oracle over the suite for the Implementations page
(skruuvi.book.implementations). Both run after the i18n plugin's own handlers (priority -200 against its -100),
so that the build's language is known and the plugin, which reads pages from docs/, leaves the generated ones alone.
``on_post_page`` takes the theme's ``<link rel="alternate">`` elements out of each page's head
(``site.without_alternate_links`` says why); ``on_post_template`` writes an empty sitemap when mkdocs.yml names no
site_url (a sitemap lists absolute addresses). Nothing is written to docs/.
"""

from __future__ import annotations

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
    # The i18n plugin sets each page's language switch as an attribute of ``extra`` (the theme reads that before the
    # mapping's own entry); left from the last page of the build before, it would be the switch of this build's pages
    # rendered before its first page (404.html).
    vars(config.extra).pop("alternate", None)
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


def on_page_context(context, page, config, nav):
    """After the i18n plugin has set the language switch for this page (its handler runs first, at priority 50)."""
    site.name_switch(getattr(config.extra, "alternate", None), page.file)
    return context


def on_post_page(output: str, page, config) -> str:
    return site.without_alternate_links(output)


def on_post_template(output: str, template_name: str, config) -> str:
    """The theme's own pages (404.html) likewise; the sitemap lists no page when the book has no site_url."""
    if template_name == "sitemap.xml":
        return site.sitemap(output, config.site_url)
    return site.without_alternate_links(output) if template_name.endswith(".html") else output
