"""Card definitions, one module per color (plus artifacts and lands).

Importing this package registers every implemented card with
:func:`engine.carddb.define`.
"""
from __future__ import annotations

from . import artifact_creatures, artifacts, black, blue, gold, green, lands, red, white  # noqa: F401
from . import antiquities, arabian_nights  # noqa: F401  (expansion sets: one module each, after the base cards)
from . import legends_black_red, legends_gold, legends_green_artifacts, legends_white_blue, the_dark  # noqa: F401
from . import homelands  # noqa: F401
from . import ice_age_black, ice_age_red  # noqa: F401  (Ice Age: the red cards use helpers of the black ones)
from . import ice_age_blue, ice_age_white  # noqa: F401
from . import fallen_empires, fallen_empires_more  # noqa: F401
from . import ice_age_artifacts  # noqa: F401
from . import ice_age_green_gold, ice_age_lands  # noqa: F401  (Ice Age green, multicolour and lands)
