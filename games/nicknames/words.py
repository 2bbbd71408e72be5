"""Two-word nicknames for a class that wants no typed names: an adjective and an animal.

Small lists written by hand for each game language, with the grammar the
language needs: French, Spanish, Italian and Portuguese put the adjective after
the noun and agree it in gender (Loutre Courageuse, Lobo Valiente); German puts
it first with its strong ending (Mutiger Otter, Kluge Eule, Flinkes Pony).

What was left out, and why: animals whose name is also an insult or a vulgar
word in one of the language's countries (es conejo, mariposa, mariquita, pulpo;
it passera, topa, uccello, gufo; pt veado, rola, perereca, pomba, piranha,
galinha, pica-pau; fr chatte, phoque, baleine; en beaver, cock, tit, booby;
de Sau, Ziege, Esel, Kamel; and cow, pig, donkey, goose, rat, snake in every
language), apes and monkeys (racist abuse in football), cats (pussy, chatte,
gata), and adjectives that can mean sexy, crazy or naughty (hot, caliente,
rico, bona, gostoso, geil, chaud, coquin, loco). Every name these lists can
make passes the nickname rules (games/tests/test_nickname_words.py).
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

NAME_MAX_LENGTH = 20  # the nickname's own limit (games.nicknames)

# German strong endings without an article: masculine, feminine, neuter.
GERMAN_ENDINGS = {"m": "er", "f": "e", "n": "es"}


@dataclass(frozen=True)
class NameWords:
    """A language's lists. ``adjectives``: "masculine/feminine" (one form when both
    are the same; for German the stem); ``animals``: "noun:gender" (m, f, n)."""

    adjectives: str
    animals: str
    adjective_first: bool = False

    def adjective(self, entry: str, gender: str) -> str:
        if self.adjective_first and gender in GERMAN_ENDINGS and "/" not in entry:
            return entry + GERMAN_ENDINGS[gender]
        masculine, _, feminine = entry.partition("/")
        return (feminine or masculine) if gender == "f" else masculine

    def names(self) -> list[str]:
        """Every name of the lists that fits in a nickname, in the lists' order."""
        names = []
        for animal_entry in self.animals.split():
            animal, _, gender = animal_entry.partition(":")
            for entry in self.adjectives.split():
                adjective = _capital(self.adjective(entry, gender))
                pair = (adjective, animal) if self.adjective_first else (animal, adjective)
                name = " ".join(_capital(word) for word in pair)
                if len(name) <= NAME_MAX_LENGTH:
                    names.append(name)
        return names


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


WORDS: dict[str, NameWords] = {
    "en": NameWords(
        adjectives="brave calm clever cheerful kind quick bright curious nimble wise witty "
        "happy gentle swift bold friendly jolly lucky merry noble sunny eager loyal mighty "
        "golden silver cosmic smart polite daring speedy steady",
        animals="otter panda koala dolphin penguin fox owl hedgehog squirrel lion tiger zebra "
        "giraffe turtle eagle falcon lynx bison llama parrot puffin wolf bear moose meerkat "
        "octopus hamster pony gecko swan heron toucan flamingo jaguar panther bee gazelle "
        "unicorn kangaroo badger lemur robin orca alpaca",
        adjective_first=True,
    ),
    "fr": NameWords(
        adjectives="courageux/courageuse calme malin/maligne joyeux/joyeuse gentil/gentille "
        "rapide brillant/brillante curieux/curieuse agile sage rusé/rusée doux/douce vif/vive "
        "habile heureux/heureuse souriant/souriante aimable vaillant/vaillante serein/sereine "
        "futé/futée adroit/adroite loyal/loyale pétillant/pétillante radieux/radieuse "
        "génial/géniale magique cosmique doré/dorée argenté/argentée paisible espiègle",
        animals="loutre:f panda:m koala:m dauphin:m pingouin:m renard:m hibou:m hérisson:m "
        "écureuil:m lion:m tigre:m zèbre:m girafe:f tortue:f aigle:m faucon:m lynx:m bison:m "
        "lama:m perroquet:m loup:m ours:m élan:m suricate:m hamster:m poney:m gecko:m cygne:m "
        "héron:m toucan:m flamant:m jaguar:m panthère:f abeille:f coccinelle:f fourmi:f "
        "libellule:f chouette:f licorne:f gazelle:f marmotte:f alouette:f hirondelle:f "
        "kangourou:m colibri:m castor:m alpaga:m caméléon:m",
    ),
    "es": NameWords(
        adjectives="valiente tranquilo/tranquila listo/lista alegre amable rápido/rápida "
        "brillante curioso/curiosa ágil sabio/sabia astuto/astuta feliz dulce veloz audaz "
        "simpático/simpática genial noble sereno/serena tenaz risueño/risueña atento/atenta "
        "fuerte leal ingenioso/ingeniosa dorado/dorada plateado/plateada mágico/mágica "
        "cósmico/cósmica valeroso/valerosa sonriente animado/animada",
        animals="nutria:f panda:m koala:m delfín:m pingüino:m búho:m erizo:m ardilla:f león:m "
        "tigre:m cebra:f jirafa:f tortuga:f águila:f halcón:m lince:m bisonte:m llama:f "
        "lobo:m oso:m alce:m mapache:m suricato:m hámster:m poni:m cisne:m garza:f tucán:m "
        "flamenco:m jaguar:m pantera:f abeja:f hormiga:f libélula:f gaviota:f gacela:f "
        "marmota:f unicornio:m canguro:m colibrí:m castor:m lémur:m alpaca:f camaleón:m "
        "golondrina:f",
    ),
    "de": NameWords(
        adjectives="mutig ruhig klug fröhlich freundlich flink schlau lustig munter tapfer "
        "sanft neugierig heiter schnell fleißig geschickt witzig glücklich listig kühn pfiffig "
        "treu stark flott golden silbern sonnig wach emsig eifrig wendig strahlend",
        animals="Otter:m Panda:m Koala:m Delfin:m Pinguin:m Fuchs:m Eule:f Igel:m "
        "Eichhörnchen:n Löwe:m Tiger:m Zebra:n Giraffe:f Schildkröte:f Adler:m Falke:m Luchs:m "
        "Bison:m Lama:n Papagei:m Wolf:m Bär:m Elch:m Waschbär:m Erdmännchen:n Krake:m "
        "Hamster:m Pony:n Gecko:m Schwan:m Reiher:m Tukan:m Flamingo:m Jaguar:m Panther:m "
        "Biene:f Marienkäfer:m Ameise:f Libelle:f Möwe:f Gazelle:f Murmeltier:n Einhorn:n "
        "Känguru:n Kolibri:m Biber:m Seehund:m Alpaka:n Chamäleon:n Schwalbe:f Pferd:n",
        adjective_first=True,
    ),
    "it": NameWords(
        adjectives="coraggioso/coraggiosa tranquillo/tranquilla sveglio/sveglia allegro/allegra "
        "gentile rapido/rapida brillante curioso/curiosa agile saggio/saggia astuto/astuta "
        "felice dolce veloce audace simpatico/simpatica geniale nobile sereno/serena tenace "
        "attento/attenta forte leale ingegnoso/ingegnosa dorato/dorata argentato/argentata "
        "magico/magica cosmico/cosmica vivace fiero/fiera abile gioioso/gioiosa sorridente",
        animals="lontra:f panda:m koala:m delfino:m pinguino:m volpe:f riccio:m scoiattolo:m "
        "leone:m tigre:f zebra:f giraffa:f tartaruga:f aquila:f falco:m lince:f bisonte:m "
        "lama:m lupo:m orso:m alce:m procione:m suricato:m criceto:m pony:m geco:m cigno:m "
        "airone:m tucano:m fenicottero:m giaguaro:m pantera:f ape:f coccinella:f formica:f "
        "libellula:f gabbiano:m gazzella:f marmotta:f unicorno:m canguro:m colibrì:m "
        "castoro:m lemure:m alpaca:m camaleonte:m rondine:f",
    ),
    "pt": NameWords(
        adjectives="corajoso/corajosa calmo/calma esperto/esperta alegre gentil rápido/rápida "
        "brilhante curioso/curiosa ágil sábio/sábia astuto/astuta feliz doce veloz audaz "
        "simpático/simpática genial nobre sereno/serena tenaz atento/atenta forte leal "
        "engenhoso/engenhosa dourado/dourada prateado/prateada mágico/mágica cósmico/cósmica "
        "valente risonho/risonha sorridente animado/animada",
        animals="lontra:f panda:m coala:m golfinho:m pinguim:m raposa:f coruja:f ouriço:m "
        "esquilo:m leão:m tigre:m zebra:f girafa:f tartaruga:f águia:f falcão:m lince:m "
        "bisonte:m lhama:f lobo:m urso:m alce:m guaxinim:m polvo:m hamster:m cisne:m garça:f "
        "tucano:m flamingo:m jaguar:m pantera:f abelha:f joaninha:f formiga:f libélula:f "
        "gaivota:f gazela:f marmota:f unicórnio:m canguru:m colibri:m castor:m capivara:f "
        "tatu:m arara:f camaleão:m andorinha:f",
    ),
}


@functools.cache
def names(language: str) -> tuple[str, ...]:
    """Every two-word nickname of ``language`` (KeyError for another language)."""
    return tuple(WORDS[language].names())


def pick(language: str, *, taken: set[str], key, rng: random.Random | None = None) -> str:
    """A name of ``language`` whose ``key`` is not in ``taken``; when every one is taken
    (a room of over a thousand), one with a number after it (Brave Otter 2)."""
    choices = names(language)
    rng = rng or random.SystemRandom()
    for _attempt in range(50):
        name = rng.choice(choices)
        if key(name) not in taken:
            return name
    free = [name for name in choices if key(name) not in taken]
    if free:
        return rng.choice(free)
    for number in range(2, 10_000):
        name = f"{rng.choice(choices)} {number}"
        if len(name) <= NAME_MAX_LENGTH and key(name) not in taken:
            return name
    raise RuntimeError("every generated nickname is taken")


@functools.cache
def _spellings() -> dict[str, str]:
    return {name.casefold(): name for language in WORDS for name in names(language)}


def spelling(text: str) -> str | None:
    """The generated nickname ``text`` is (in any language, case aside, with or without a
    number after it), as the lists spell it; None when it is not one."""
    base, _, number = text.rpartition(" ")
    if number.isdigit() and base.casefold() in _spellings():
        return f"{_spellings()[base.casefold()]} {number}"
    return _spellings().get(text.casefold())
