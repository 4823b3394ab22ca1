"""Read a Standard MIDI File with mido and compare it with what stave_model says it must hold."""

import mido

from stave_names import key_name
from stave_model import normalize_changes


def read_midi(path):
    """The facts of a MIDI file in the model's shape, plus a list of structural problems."""
    mid = mido.MidiFile(path)
    problems = []
    if mid.type != 1:
        problems.append(f"SMF type {mid.type}, expected 1")
    conductor = {"title": None, "texts": [], "tempos": [], "meters": [], "keys": [], "markers": []}
    tracks = []
    for index, track in enumerate(mid.tracks):
        tick = 0
        sounding = {}      # (channel, pitch) -> [(start, velocity)]
        notes = []
        channels = set()
        info = {"index": index, "name": None, "program": None, "volume": None, "pan": None,
                "controls": [], "lyrics": []}
        first_note_tick = None
        # Rule 14, order at one tick on a track: note-offs, controls, lyrics, note-ons. On the
        # conductor track markers come after the other events of their tick.
        order_tick, order_rank = -1, 0
        def order(rank, what):
            nonlocal order_tick, order_rank
            if tick != order_tick:
                order_tick, order_rank = tick, 0
            if rank < order_rank:
                problems.append(f"track {index}: {what} at tick {tick} after an event that must follow it")
            order_rank = max(order_rank, rank)
        for msg in track:
            tick += msg.time
            if msg.is_meta:
                if msg.type == "marker":
                    conductor["markers"].append((tick, msg.text))
                    if index != 0:
                        problems.append(f"marker in track {index}")
                    order(5, "a marker")
                    continue
                if msg.type == "lyrics":
                    info["lyrics"].append((tick, msg.text))
                    order(3, f"lyric {msg.text!r}")
                    continue
                if msg.type != "end_of_track":
                    order(0, f"meta {msg.type}")
                if msg.type == "track_name":
                    info["name"] = msg.name
                    if index == 0:
                        conductor["title"] = msg.name
                elif msg.type in ("copyright", "text") and index == 0:
                    conductor["texts"].append(msg.text)
                elif msg.type == "set_tempo":
                    conductor["tempos"].append((tick, msg.tempo))
                    if index != 0:
                        problems.append(f"set_tempo in track {index}")
                elif msg.type == "time_signature":
                    conductor["meters"].append((tick, msg.numerator, msg.denominator,
                                                msg.clocks_per_click, msg.notated_32nd_notes_per_beat))
                    if index != 0:
                        problems.append(f"time_signature in track {index}")
                elif msg.type == "key_signature":
                    conductor["keys"].append((tick, msg.key))
                    if index != 0:
                        problems.append(f"key_signature in track {index}")
                continue
            if hasattr(msg, "channel"):
                channels.add(msg.channel + 1)
            if msg.type == "program_change" and info["program"] is None:
                info["program"] = msg.program
            elif msg.type == "control_change" and msg.control == 7 and info["volume"] is None:
                info["volume"] = msg.value
            elif msg.type == "control_change" and msg.control == 10 and info["pan"] is None:
                info["pan"] = msg.value
            elif msg.type == "control_change":
                info["controls"].append((tick, "cc", msg.control, msg.value))
                order(2, f"control {msg.control}")
            elif msg.type == "pitchwheel":
                info["controls"].append((tick, "bend", msg.pitch + 8192))
                order(2, "pitch bend")
            if msg.type == "note_on" and msg.velocity > 0:
                order(4, f"note-on {msg.note}")
                if first_note_tick is None:
                    first_note_tick = tick
                k = (msg.channel, msg.note)
                if sounding.get(k):
                    problems.append(f"track {index}: note {msg.note} struck again at {tick} while sounding")
                sounding.setdefault(k, []).append((tick, msg.velocity))
            elif msg.type in ("note_off", "note_on"):
                order(1, f"note-off {msg.note}")
                k = (msg.channel, msg.note)
                if not sounding.get(k):
                    problems.append(f"track {index}: note-off of silent note {msg.note} at {tick}")
                    continue
                start, vel = sounding[k].pop(0)
                if tick == start:
                    problems.append(f"track {index}: zero-length note {msg.note} at {tick}")
                notes.append((start, tick - start, msg.note, vel))
        for k, left in sounding.items():
            if left:
                problems.append(f"track {index}: note {k[1]} never released")
        info["channels"] = sorted(channels)
        info["notes"] = sorted(notes)
        tracks.append(info)
    return {"ppq": mid.ticks_per_beat, "conductor": conductor, "tracks": tracks[1:],
            "problems": problems}


def first_difference(want, got, window=3):
    """Where two event lists part, with a few events of each from there."""
    i = 0
    while i < min(len(want), len(got)) and want[i] == got[i]:
        i += 1
    return (f"differ from event {i} of {len(want)}/{len(got)}: "
            f"model {want[i:i + window]} midi {got[i:i + window]}")


def compare(model, midi, max_items=6):
    """Differences between the model's expectation and the MIDI facts, as readable lines."""
    out = list(midi["problems"])
    if midi["ppq"] != model["ppq"]:
        out.append(f"ppq: model {model['ppq']} midi {midi['ppq']}")
    cond = midi["conductor"]
    if model["title"] is not None:
        want = model["title"].encode("utf-8").decode("latin-1")
        if cond["title"] != want:
            out.append(f"title: model {want!r} midi {cond['title']!r}")
    if model["composer"] is not None:
        want = model["composer"].encode("utf-8").decode("latin-1")
        if want not in cond["texts"]:
            out.append(f"composer: model {want!r} not among {cond['texts']!r}")
    tempos = normalize_changes(cond["tempos"], (500000,))
    if tempos != model["tempos"]:
        out.append("tempo map (tick, µs per quarter) " + first_difference(model["tempos"], tempos))
    meters = normalize_changes(cond["meters"], (4, 4, 24, 8))
    if meters != model["meters"]:
        out.append("meters (tick, num, den, clocks per click, 32nds per quarter) "
                   + first_difference(model["meters"], meters))
    if model["key"] is not None and "keys" not in model:  # (with key changes: "keys" below)
        want = key_name(*model["key"])
        got = [k for _, k in cond["keys"]]
        if got[:1] != [want] or any(t != 0 for t, _ in cond["keys"]):
            out.append(f"key: model {want} midi {cond['keys']}")
    if "keys" in model:  # Form (v3): key changes and transposition, as a player hears them
        got = normalize_changes(cond["keys"], ("C",))
        if got != model["keys"]:
            out.append("keys (tick, key) " + first_difference(model["keys"], got))
    if "markers" in model:
        want = [(tick, text.encode("utf-8").decode("latin-1")) for tick, text in model["markers"]]
        if cond["markers"] != want:
            out.append("markers (tick, text) " + first_difference(want, cond["markers"]))
    if len(midi["tracks"]) != len(model["tracks"]):
        out.append(f"track count: model {len(model['tracks'])} midi {len(midi['tracks'])}")
    for mt, xt in zip(model["tracks"], midi["tracks"]):
        label = f"track {mt['index']} ({mt['id']}, channel {mt['channel']})"
        if mt["name"] is not None:
            want = mt["name"].encode("utf-8").decode("latin-1")
            if xt["name"] != want:
                out.append(f"{label}: name model {want!r} midi {xt['name']!r}")
        if xt["channels"] and xt["channels"] != [mt["channel"]]:
            out.append(f"{label}: midi channels {xt['channels']}")
        for field in ("program", "volume", "pan"):
            if xt[field] != mt[field]:
                out.append(f"{label}: {field} model {mt[field]} midi {xt[field]}")
        for field, what in (("controls", "controls (tick, kind, number/value, value)"),
                            ("lyrics", "lyrics (tick, text)")):
            if field in mt:
                want = [tuple(e) for e in mt[field]]
                if field == "lyrics":
                    want = [(tick, text.encode("utf-8").decode("latin-1")) for tick, text in want]
                if xt[field] != want:
                    out.append(f"{label}: {what} " + first_difference(want, xt[field]))
        if xt["notes"] != mt["notes"]:
            want, got = mt["notes"], xt["notes"]
            missing = [n for n in want if n not in got]
            extra = [n for n in got if n not in want]
            out.append(f"{label}: notes differ (model {len(want)}, midi {len(got)}); "
                       f"model only {missing[:max_items]}; midi only {extra[:max_items]}")
    return out
