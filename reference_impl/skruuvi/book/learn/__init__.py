"""The player chapters: "Learn to play", one per era, in English and in Finnish (:func:`learn_page`), with the
example deals each chapter is drawn from (:func:`example_deals`)."""

from .chapter import learn_page, learn_path
from .deals import EXAMPLES, ExampleDeal, example_deals
from .language import LANGUAGES

__all__ = ["EXAMPLES", "LANGUAGES", "ExampleDeal", "example_deals", "learn_page", "learn_path"]
