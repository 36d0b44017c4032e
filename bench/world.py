"""Text that looks like the world's galleries, for the second benchmark corpus (bench/generate.py --world).

Names of people in many scripts and conventions (accented Latin, Nordic, Slavic, Vietnamese, Greek,
Cyrillic, Japanese, Chinese, Korean, Arabic, Hindi, Thai), titles with emoji, typographic quotes and
dashes, and Markdown descriptions of one to five paragraphs with links, emphasis, code spans, lists,
headings and quotes, each paragraph in one or two scripts. Deterministic for a given random generator.
Python 3 standard library only.

The sentences are a fixed set, so the corpus has a few hundred distinct words however many items it has. A
real gallery's vocabulary grows with it (place names, people, camera notes, words of every language), so
`Vocabulary` adds a paragraph of notes per item: words drawn with Zipf's law (the r-th most common word
about 1/r as often as the first) from 50,000 made-up words in twelve scripts, for benchmarks whose cost
depends on the number of distinct words (the search index).
"""

import bisect
import random

AUTHORS = [
    "Zoë Saldaña", "François Lefèvre", "Björk Guðmundsdóttir", "Søren Kierkegård", "Łukasz Wróblewski",
    "Dvořák Přemysl", "Nguyễn Thị Minh Khai", "Trần Hưng Đạo", "Γιώργος Παπαδόπουλος", "Ελένη Καραγιάννη",
    "Анна Ахматова", "Фёдор Достоевский", "Олена Шевченко", "山田太郎", "佐藤 花子", "李小龙", "王菲",
    "김민수", "이지은", "محمد الفاتح", "فاطمة الزهراء", "अमिताभ बच्चन", "प्रियंका चोपड़ा", "สมชาย ใจดี",
    "José María Aznar-López", "Ólafur Arnalds", "Şebnem Ferah", "Małgorzata Kożuchowska", "Ngũgĩ wa Thiong'o",
]

# Sentences of photo captions, each in one script; a paragraph draws two to five.
SENTENCES = [
    "The light fell across the harbour just before the storm — a moment of “perfect” calm.",
    "Über den Dächern der Altstadt, kurz nach Sonnenaufgang, glänzt der Tau auf den Ziegeln.",
    "Le café du coin, où l’on refait le monde chaque matin, s’éveille à peine.",
    "Ljuset över fjärden var blått och kallt; båtarna låg stilla vid bryggan.",
    "Zdjęcie zrobione w Krakowie, na Rynku Głównym, tuż przed świtem.",
    "Bức ảnh được chụp ở Hội An vào buổi tối, khi đèn lồng đã thắp sáng phố cổ.",
    "Η φωτογραφία τραβήχτηκε στη Σαντορίνη, λίγο πριν τη δύση του ηλίου.",
    "Снимок сделан в Санкт-Петербурге белой ночью, когда солнце почти не заходит.",
    "Фото зроблено в Карпатах: туман повільно спускався в долину.",
    "夕暮れの東京タワーと、帰り道を急ぐ人々の姿。",
    "雨上がりの京都、石畳に映る提灯の灯り。",
    "这张照片拍摄于黄山之巅，云海翻腾，松树挺立。",
    "서울의 밤, 한강 다리 위로 불빛이 흐른다.",
    "التقطت هذه الصورة في مراكش عند الغروب، حيث تتلون الجدران بالذهب.",
    "यह तस्वीर वाराणसी के घाटों पर सुबह-सुबह ली गई थी।",
    "ภาพนี้ถ่ายที่เชียงใหม่ ในช่วงเทศกาลยี่เป็ง 🏮",
    "Sunset over the dunes 🌅🐪 — worth the 4 a.m. start! 👏🏽",
    "Família reunida na praça: avós, netos e o cão Pé-de-Vento 🐕.",
    "İstanbul’da Boğaz’ın üzerinden geçen martılar.",
]

WORDS = ["harbour", "Altstadt", "café", "fjärden", "Rynku", "Hội An", "Σαντορίνη", "Петербург", "東京", "黄山",
         "한강", "مراكش", "वाराणसी", "เชียงใหม่", "İstanbul", "🌅", "Ølfjord", "Ærø"]


def paragraph(rng):
    sentences = [rng.choice(SENTENCES) for _ in range(rng.randint(2, 5))]
    # Inline Markdown inside the prose: emphasis, strong, code spans and links.
    marked = []
    for index, sentence in enumerate(sentences):
        word = rng.choice(WORDS)
        kind = rng.randint(0, 5)
        if kind == 0:
            sentence += f" *{word}*"
        elif kind == 1:
            sentence += f" **{word}**"
        elif kind == 2:
            sentence += f" `{word.lower()}`"
        elif kind == 3:
            sentence += f" [{word}](https://example.org/wiki/{index}-{rng.randint(1, 9999)})"
        marked.append(sentence)
    return " ".join(marked)


def block(rng):
    kind = rng.randint(0, 3)
    if kind == 0:
        return "\n".join(f"- {rng.choice(WORDS)}: {rng.choice(SENTENCES)}" for _ in range(rng.randint(2, 4)))
    if kind == 1:
        return f"## {rng.choice(WORDS)} — {rng.choice(AUTHORS)}\n\n{paragraph(rng)}"
    if kind == 2:
        return "> " + rng.choice(SENTENCES) + "\n> — " + rng.choice(AUTHORS)
    return "1. " + rng.choice(SENTENCES) + "\n2. " + rng.choice(SENTENCES)


def description(rng):
    parts = [paragraph(rng)]
    for _ in range(rng.randint(0, 4)):
        parts.append(block(rng) if rng.randint(0, 1) else paragraph(rng))
    return "\n\n".join(parts)


def author(rng):
    name = rng.choice(AUTHORS)
    # Some titles carry an emoji or a typographic flourish, as people write them.
    flourish = rng.randint(0, 7)
    if flourish == 0:
        return name + " 📷"
    if flourish == 1:
        return f"“{name}”"
    return name


# Syllables of made-up words, per script: a word is two to four syllables of one script.
SYLLABLES = [
    "ka lo mi re su ta ne vo ri da ge hu ba pe zo".split(),
    "lé mø rå ñu çi ša ží ło ðe þa ğü ő ű ã ê".split(),
    "ка ло ми ре су та не во ря жу щи ды".split(),
    "κα λο μή ρε σύ τα νε βο ζω φι".split(),
    "カ ロ ミ レ ス タ ネ ヴォ リ ダ ゲ フ".split(),
    "か ろ み れ す た ね り だ げ ふ".split(),
    [chr(0x4E00 + 37 * i) for i in range(300)],
    [chr(0xAC00 + 97 * i) for i in range(100)],
    "كا لو مي ري سو تا نو فا".split(),
    "का लो मि रे सु ता ने वो".split(),
    "กา โล มิ เร สุ ตา เน โว".split(),
    "ku ŋa ɛ ɔ ðu".split(),
]


def zipf_cumulative(size):
    """The running sums of 1/r for r from 1 to `size`: Zipf's law, for `zipf_rank`."""
    total = 0.0
    cumulative = []
    for rank in range(1, size + 1):
        total += 1.0 / rank
        cumulative.append(total)
    return cumulative


def zipf_rank(cumulative, rng):
    """A 0-based rank drawn with Zipf's law: rank r about 1/(r+1) as often as rank 0."""
    return bisect.bisect_left(cumulative, rng.random() * cumulative[-1])


class Vocabulary:
    """50,000 made-up words in twelve scripts, and Zipf-distributed draws from them."""

    def __init__(self, size=50_000, seed=20_261_126):
        maker = random.Random(seed)
        words = []
        seen = set()
        while len(words) < size:
            syllables = maker.choice(SYLLABLES)
            word = "".join(maker.choice(syllables) for _ in range(maker.randint(2, 4)))
            if maker.randint(0, 4) == 0:
                word = word.capitalize()
            if word.lower() not in seen:
                seen.add(word.lower())
                words.append(word)
        self.words = words
        self.cumulative = zipf_cumulative(size)

    def word(self, rng):
        return self.words[zipf_rank(self.cumulative, rng)]

    def notes(self, rng):
        """A paragraph of 8 to 40 drawn words, with a camera note."""
        words = [self.word(rng) for _ in range(rng.randint(8, 40))]
        return " ".join(words) + f". f/{rng.choice([1.4, 2, 2.8, 4, 5.6, 8])}, ISO {rng.choice([100, 200, 400, 800])}."
