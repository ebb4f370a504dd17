"""`tools/build_tm_catalogue.py` on a small repository written here in the source's shape (the
real one is not at hand in CI): what it reads, the data it writes, and what stops it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from games.tm_catalogue.catalogue import loads
from tools.build_tm_catalogue import main

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

FILES = {
    "src/common/cards/CardName.ts": """export enum CardName {
  // Standard projects, which are no cards:
  CITY_STANDARD_PROJECT = 'City',

  ALPHA = 'Alpha',
  BETA = 'Beta\\'s Lab',
  GAMMA = 'Gamma',
  THORGATE = 'ThorGate',
  BIG_CORP = "Big Corp",
  PRELUDE_ONE = 'Prelude One',
  ZETA = 'Zeta',
  ALPHA_PROMO = 'Alpha:promo',
  CLOUD = 'Cloud',
}
""",
    "src/common/cards/Tag.ts": """export enum Tag {
    BUILDING = 'building',
    SPACE = 'space',
    WILD = 'wild',
    VENUS = 'venus',
}
""",
    "src/server/cards/StandardCardManifests.ts": """import {Alpha} from './base/Alpha';
import {Beta} from './base/Beta';
import {Gamma} from './base/Gamma';
import {Thorgate} from './corporation/Thorgate';
import {BigCorp} from './corporation/BigCorp';
import {CityStandardProject} from './base/standardProjects/CityStandardProject';

export const BASE_CARD_MANIFEST = new ModuleManifest({
  module: 'base',
  projectCards: {
    [CardName.ALPHA]: {Factory: Alpha},
    [CardName.GAMMA]: {Factory: Gamma},
  },
  corporationCards: {
    [CardName.THORGATE]: {Factory: Thorgate},
  },
  standardProjects: {
    [CardName.CITY_STANDARD_PROJECT]: {Factory: CityStandardProject},
  },
});

export const CORP_ERA_CARD_MANIFEST = new ModuleManifest({
  module: 'corpera',
  projectCards: {
    [CardName.BETA]: {Factory: Beta},
  },
  corporationCards: {
    [CardName.BIG_CORP]: {Factory: BigCorp},
  },
});
""",
    "src/server/cards/prelude/PreludeCardManifest.ts": """import {PreludeOne} from './PreludeOne';
export const PRELUDE_CARD_MANIFEST = new ModuleManifest({
  module: 'prelude',
  preludeCards: {
    [CardName.PRELUDE_ONE]: {Factory: PreludeOne},
  },
});
""",
    "src/server/cards/venusNext/VenusCardManifest.ts": """
export const VENUS_CARD_MANIFEST = new ModuleManifest({
  module: 'venus',
});
""",
    "src/server/cards/colonies/ColoniesCardManifest.ts": """
export const COLONIES_CARD_MANIFEST = new ModuleManifest({
  module: 'colonies',
});
""",
    "src/server/cards/turmoil/TurmoilCardManifest.ts": """
export const TURMOIL_CARD_MANIFEST = new ModuleManifest({
  module: 'turmoil',
});
""",
    "src/server/cards/prelude2/Prelude2CardManifest.ts": """import {Cloud} from './Cloud';
export const PRELUDE2_CARD_MANIFEST = new ModuleManifest({
  module: 'prelude2',
  projectCards: {
    [CardName.CLOUD]: {Factory: Cloud, compatibility: ['venus', 'colonies']},
  },
});
""",
    "src/server/cards/prelude2/Cloud.ts": """export class Cloud extends Card {
  constructor() {
    super({
      type: CardType.AUTOMATED,
      name: CardName.CLOUD,
      tags: [Tag.VENUS],
      cost: 11,
      metadata: {cardNumber: 'P90'},
    });
  }
}
""",
    "src/server/cards/promo/PromoCardManifest.ts": """import {AlphaPromo} from './AlphaPromo';
export const PROMO_CARD_MANIFEST = new ModuleManifest({
  module: 'promo',
  projectCards: {
    [CardName.ALPHA_PROMO]: {Factory: AlphaPromo},
  },
  cardsToRemove: [CardName.ALPHA],
});
""",
    "src/server/cards/promo/AlphaPromo.ts": """export class AlphaPromo extends Card {
  constructor() {
    super({
      type: CardType.EVENT,
      name: CardName.ALPHA_PROMO,
      tags: [Tag.SPACE],
      cost: 15,
      metadata: {cardNumber: 'TO4'},
    });
  }
}
""",
    "src/server/cards/base/Alpha.ts": """export class Alpha extends Card implements IProjectCard {
  constructor() {
    super({
      type: CardType.EVENT,
      name: CardName.ALPHA,
      tags: [Tag.SPACE, Tag.SPACE], // two, as printed
      cost: 14,
      behavior: {tags: [Tag.WILD], cost: 99, stock: {megacredits: 3}},
      metadata: {
        cardNumber: '7',
        description: 'Text, with a comma, and a quote: \\'.',
      },
    });
  }
}
""",
    "src/server/cards/base/Beta.ts": """export class Beta extends Card implements IProjectCard {
  constructor(
    name = CardName.BETA,
    cost = 21,
    bonus: Bonus | undefined = undefined,
    metadata: CardMetadata = {
      cardNumber: '123',
    },
  ) {
    super({
      type: CardType.ACTIVE,
      name,
      tags: [Tag.BUILDING],
      cost,
      metadata,
    });
  }
}
""",
    "src/server/cards/base/GammaBase.ts": """export abstract class GammaBase extends Card {
  constructor(name: CardName, cost: number, metadata: CardMetadata) {
    super({
      type: CardType.AUTOMATED,
      name,
      tags: [Tag.BUILDING],
      cost,
      metadata,
    });
  }
}
""",
    "src/server/cards/base/Gamma.ts": """import {GammaBase} from './GammaBase';
export class Gamma extends GammaBase {
  constructor(
    name = CardName.GAMMA,
    metadata = {
      cardNumber: '064',
    }) {
    super(
      name,
      4,
      metadata,
    );
  }
}
""",
    "src/server/cards/corporation/Thorgate.ts": """export class Thorgate extends CorporationCard {
  constructor() {
    super({
      name: CardName.THORGATE,
      tags: [Tag.WILD],
      startingMegaCredits: 48,
      metadata: {cardNumber: 'R13'},
    });
  }
}
""",
    "src/server/cards/corporation/BigCorp.ts": """export class BigCorp extends CorporationCard {
  constructor() {
    super({
      name: CardName.BIG_CORP,
      startingMegaCredits: 60,
      metadata: {cardNumber: 'R30'},
    });
  }
}
""",
    "src/server/cards/prelude/PreludeOne.ts": """export class PreludeOne extends PreludeCard {
  constructor() {
    super({
      name: CardName.PRELUDE_ONE,
      tags: [Tag.BUILDING],
      startingMegacredits: 5,
      metadata: {cardNumber: 'P01'},
    });
  }
}
""",
}

EXPECTED = """\
{"source": {"repository": "terraforming-mars/terraforming-mars", "commit": "COMMIT"},
 "cards": [
  {"number": "007", "name": "Alpha", "type": "event", "expansion": "base", "cost": 14, \
"tags": ["space", "space", "event"], "starting_mc": null, "replaced_by": ["promo"]},
  {"number": "064", "name": "Gamma", "type": "automated", "expansion": "base", "cost": 4, \
"tags": ["building"], "starting_mc": null},
  {"number": "123", "name": "Beta's Lab", "type": "active", "expansion": "corpera", "cost": 21, \
"tags": ["building"], "starting_mc": null},
  {"number": "P01", "name": "Prelude One", "type": "prelude", "expansion": "prelude", \
"cost": null, "tags": ["building"], "starting_mc": null},
  {"number": "P90", "name": "Cloud", "type": "automated", "expansion": "prelude2", "cost": 11, \
"tags": ["venus"], "starting_mc": null, "requires": ["venus", "colonies"]},
  {"number": "R13", "name": "Thorgate", "type": "corporation", "expansion": "base", \
"cost": null, "tags": ["wild"], "starting_mc": 48},
  {"number": "R30", "name": "Big Corp", "type": "corporation", "expansion": "corpera", \
"cost": null, "tags": [], "starting_mc": 60},
  {"number": "T04", "name": "Alpha (promo)", "type": "event", "expansion": "promo", "cost": 15, \
"tags": ["space", "event"], "starting_mc": null}
]}
"""


def git(*args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def repository(path: Path, files: dict[str, str]) -> str:
    """A git checkout at `path` holding `files`; its commit."""
    for name, text in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text, encoding="utf-8")
    git("init", "-q", str(path))
    git("-C", str(path), "add", ".")
    git("-C", str(path), "commit", "-q", "-m", "cards")
    return git("-C", str(path), "rev-parse", "HEAD")


def test_the_script_writes_the_facts_sorted_by_number(tmp_path: Path) -> None:
    commit = repository(tmp_path / "checkout", FILES)
    out = tmp_path / "cards.json"
    assert main([str(tmp_path / "checkout"), str(out)]) == 0
    assert out.read_text(encoding="utf-8") == EXPECTED.replace("COMMIT", commit)
    source, cards = loads(out.read_text(encoding="utf-8"))
    assert source.commit == commit and len(cards) == 8


def test_a_bare_git_directory_gives_the_same_bytes(tmp_path: Path) -> None:
    repository(tmp_path / "checkout", FILES)
    git("clone", "-q", "--bare", str(tmp_path / "checkout"), str(tmp_path / "bare.git"))
    assert main([str(tmp_path / "checkout"), str(tmp_path / "a.json")]) == 0
    assert main([str(tmp_path / "bare.git"), str(tmp_path / "b.json")]) == 0
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("src/server/cards/base/Alpha.ts", "cost: 14", "cost: BASE_COST", "not a number"),
        ("src/server/cards/base/Alpha.ts", "cardNumber: '7',", "", "no metadata.cardNumber"),
        ("src/server/cards/base/Alpha.ts", "Tag.SPACE, Tag.SPACE", "...TAGS", "not a list of Tag"),
        ("src/server/cards/base/Alpha.ts", "CardType.EVENT", "CardType.CEO", "not a project"),
        ("src/server/cards/base/Alpha.ts", "name: CardName.ALPHA", "name: CardName.ZETA", "names"),
        ("src/server/cards/corporation/BigCorp.ts", "60", "START", "not a number"),
        (
            "src/server/cards/StandardCardManifests.ts",
            "{Factory: Alpha}",
            "{Factory: Alpha, negative: true}",
            "not a plain imported card",
        ),
        (
            "src/server/cards/StandardCardManifests.ts",
            "{Factory: Alpha}",
            "{Factory: Alpha, compatibility: 'moon'}",
            "names a set this script does not read",
        ),
        (
            "src/server/cards/promo/PromoCardManifest.ts",
            "[CardName.ALPHA]",
            "[CardName.ZETA]",
            "removes CardName.ZETA, no card here",
        ),
        ("src/server/cards/prelude2/Cloud.ts", "'P90'", "'007'", "share the numbers 007"),
        ("src/server/cards/base/Alpha.ts", "super({", "super.make({", "no constructor calling"),
    ],
)
def test_what_the_script_does_not_understand_stops_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    file: str,
    old: str,
    new: str,
    message: str,
) -> None:
    assert old in FILES[file]
    repository(tmp_path / "checkout", {**FILES, file: FILES[file].replace(old, new, 1)})
    assert main([str(tmp_path / "checkout"), str(tmp_path / "out.json")]) == 1
    assert message in capsys.readouterr().err
    assert not (tmp_path / "out.json").exists()


def test_a_wrong_command_line_says_how_to_use_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["only-one"]) == 2
    assert "python -m tools.build_tm_catalogue SOURCE OUT" in capsys.readouterr().err
