#!/usr/bin/env python3
"""Pick the testdata sample of real robots.txt files from ../shared/corpus.

Deterministic: run from the repository root as
    python3 testdata/corpus/select.py ../shared/corpus
It writes testdata/corpus/robots/*.txt (bytes unchanged), hosts.tsv and manifest.tsv.
Only sources with a stated licence (protego2019: BSD-3-Clause, ropensci: MIT) and the
academic2026 set named by the project's issue are used.
"""
import collections, csv, os, random, shutil, sys, urllib.parse

src = sys.argv[1]
dst = 'testdata/corpus'
LIC = {'protego2019', 'ropensci', 'academic2026'}
rows = [r for r in csv.DictReader(open(f'{src}/robots-manifest.tsv'), delimiter='\t') if r['source'] in LIC]
by_file = {r['file']: r for r in rows}
data = {r['file']: open(f"{src}/robots/{r['file']}", 'rb').read() for r in rows}

hosts = collections.defaultdict(set)  # host -> files
for h in csv.DictReader(open(f'{src}/robots-hosts.tsv'), delimiter='\t'):
    if h['file'] in by_file:
        hosts[h['host']].add(h['file'])
urls = collections.Counter()
for fn in sorted(os.listdir(f'{src}/urls')):
    for line in open(f'{src}/urls/{fn}', encoding='utf-8', errors='replace'):
        try:
            host = urllib.parse.urlsplit(line.strip()).hostname
        except ValueError:
            continue
        if host in hosts:
            urls[host] += 1
file_urls = collections.Counter()
for host, n in urls.items():
    for f in hosts[host]:
        file_urls[f] += n

picked = []
def take(files, n=None):
    for f in sorted(files)[:n] if n else sorted(files):
        if f not in picked:
            picked.append(f)

take([r['file'] for r in rows if r['source'] in ('ropensci', 'academic2026')])
take(sorted(by_file, key=lambda f: -len(data[f]))[:12])                       # the biggest
take([f for f in by_file if data[f].startswith(b'\xef\xbb\xbf')], 20)        # BOM
take([f for f in by_file if b'\r' in data[f] and b'\r\n' not in data[f]])     # CR only
take([f for f in by_file if b'\r\n' in data[f]], 25)                          # CRLF
take([f for f in by_file if any(c >= 128 for c in data[f])], 25)              # non-ASCII
take([f for f in by_file if b'<' in data[f] and b'</' in data[f]], 10)        # junk-laden
take([f for f, _ in file_urls.most_common(120)])                              # hosts with URLs
rest = sorted(f for f in by_file if f not in picked)
random.Random(9309).shuffle(rest)
take(rest[:max(0, 300 - len(picked))])

shutil.rmtree(f'{dst}/robots', ignore_errors=True)
os.makedirs(f'{dst}/robots')
for f in picked:
    open(f'{dst}/robots/{f}', 'wb').write(data[f])
with open(f'{dst}/manifest.tsv', 'w') as out:
    out.write('file\thost\tsource\tsource_path\tsha1\tbytes\n')
    for f in sorted(picked):
        r = by_file[f]
        out.write('\t'.join([f, r['host'], r['source'], r['source_path'], r['sha1'], r['bytes']]) + '\n')
with open(f'{dst}/hosts.tsv', 'w') as out:
    out.write('host\tfile\n')
    chosen = set(picked)
    for host in sorted(hosts):
        fs = sorted(f for f in hosts[host] if f in chosen)
        if fs:
            # prefer the plain <host>.txt name, then the newest source
            fs.sort(key=lambda f: (f != host + '.txt', f))
            out.write(f'{host}\t{fs[0]}\n')
print(len(picked), 'files,', sum(len(data[f]) for f in picked), 'bytes')
