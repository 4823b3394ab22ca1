"""`stave engrave` with MuseScore 3 and LilyPond over every example (see run.sh).

Each example is engraved to PDF and to SVG by each engraver (`stave engrave -q --engraver E`,
TMPDIR set to an empty directory): the PDF must start with %PDF and have pages (pdfinfo, else
the count of `/Type /Page` objects); the SVG pages must be OUT.svg alone or OUT-1.svg …
OUT-N.svg without gaps, each an XML document whose root is <svg>. After every run TMPDIR must
be empty again (no scratch file left). The examples with parts of several tracks are read by
music21 (Tests/musicxml/staves.py): one part of two PartStaffs. The engraving time of the
twelve-bar blues with MuseScore is printed. Ends with `N passed, M failed`.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ENGRAVERS = ('musescore', 'lilypond')
FORMATS = ('pdf', 'svg')


def pdf_pages(path):
    """The page count of a PDF: pdfinfo's, else the `/Type /Page` objects counted."""
    if shutil.which('pdfinfo'):
        run = subprocess.run(['pdfinfo', path], capture_output=True, text=True)
        match = re.search(r'^Pages:\s+(\d+)', run.stdout, re.M)
        if match:
            return int(match.group(1))
    with open(path, 'rb') as f:
        return len(re.findall(rb'/Type\s*/Page(?![s\w])', f.read()))


def svg_pages(directory, stem):
    """(pages, problem): the SVG pages of OUT (stem), in order."""
    names = sorted(n for n in os.listdir(directory) if n.startswith(stem) and n.endswith('.svg'))
    if names == [stem + '.svg']:
        return names, None
    numbered = {}
    for name in names:
        match = re.fullmatch(re.escape(stem) + r'-(\d+)\.svg', name)
        if not match:
            return names, f'unexpected file {name}'
        numbered[int(match.group(1))] = name
    if not numbered or sorted(numbered) != list(range(1, len(numbered) + 1)):
        return names, f'pages numbered {sorted(numbered)}'
    return [numbered[k] for k in sorted(numbered)], None


def check_one(stave, example, engraver, fmt, work, scratch):
    """(problem or None, pages, seconds)."""
    name = os.path.basename(example)[:-len('.stave')]
    stem = f'{name}-{engraver}'
    out = os.path.join(work, f'{stem}.{fmt}')
    began = time.time()
    run = subprocess.run([stave, 'engrave', example, '-o', out, '-q', '--engraver', engraver, '--time-limit', '3600'],
                         capture_output=True, text=True, env=dict(os.environ, TMPDIR=scratch))
    seconds = time.time() - began
    if os.listdir(scratch):
        left = os.listdir(scratch)
        for entry in left:
            shutil.rmtree(os.path.join(scratch, entry), ignore_errors=True)
        return f'left in TMPDIR: {left}', 0, seconds
    if run.returncode != 0:
        return f'exit {run.returncode}: {run.stderr.strip()[:300]}', 0, seconds
    if run.stderr:
        return f'-q printed: {run.stderr.strip()[:200]}', 0, seconds
    if fmt == 'pdf':
        with open(out, 'rb') as f:
            if f.read(5) != b'%PDF-':
                return 'not a PDF', 0, seconds
        pages = pdf_pages(out)
        return (None if pages > 0 else 'no pages'), pages, seconds
    pages, problem = svg_pages(work, stem)
    if problem:
        return problem, len(pages), seconds
    for page in pages:
        try:
            root = ET.parse(os.path.join(work, page)).getroot()
        except ET.ParseError as error:
            return f'{page} does not parse: {error}', len(pages), seconds
        if root.tag not in ('{http://www.w3.org/2000/svg}svg', 'svg'):
            return f'{page}: root <{root.tag}>', len(pages), seconds
    return None, len(pages), seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--stave', required=True)
    parser.add_argument('--root', default=ROOT)
    parser.add_argument('--work', required=True)
    parser.add_argument('--scratch', required=True, help='the empty TMPDIR stave runs with')
    parser.add_argument('--only', help='only examples whose name contains this')
    options = parser.parse_args()
    examples = sorted(os.path.join(options.root, 'Examples', n) for n in os.listdir(os.path.join(options.root, 'Examples'))
                      if n.endswith('.stave') and (not options.only or options.only in n))
    passed = failed = 0
    blues = {}
    for example in examples:
        name = os.path.basename(example)
        for engraver in ENGRAVERS:
            for fmt in FORMATS:
                problem, pages, seconds = check_one(options.stave, example, engraver, fmt, options.work, options.scratch)
                if problem:
                    print(f'FAIL {name} {engraver} {fmt}: {problem}')
                    failed += 1
                else:
                    print(f'ok {name} {engraver} {fmt}: {pages} page{"s" if pages != 1 else ""}, {seconds:.1f} s')
                    passed += 1
                if name == 'twelve-bar-blues.stave':
                    blues[(engraver, fmt)] = (seconds, pages)
    minimum = 15
    if len(examples) >= minimum or options.only:
        passed += 1
    else:
        print(f'FAIL only {len(examples)} examples, expected at least {minimum}')
        failed += 1
    for (engraver, fmt), (seconds, pages) in sorted(blues.items()):
        print(f'time: twelve-bar-blues.stave with {engraver} to {fmt.upper()}: {seconds:.1f} s, {pages} pages')
    # One part of two PartStaffs (music21), for the examples with `staff`.
    sys.path.insert(0, os.path.join(options.root, 'Tests', 'musicxml'))
    import contextlib
    import io
    with contextlib.redirect_stderr(io.StringIO()):
        from music21 import converter, stream
    import staves
    more_passed, more_failed = staves.self_test(options.stave, options.work, options.root, converter, stream)
    passed += more_passed
    failed += more_failed
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
