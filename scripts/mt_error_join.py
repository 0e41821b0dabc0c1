#!/usr/bin/env python3
"""Join shards K/32 and (K+16)/32 of `cgt experiment mt-error` into shard K/16:
the same lines, in the same order, that `--shard K/16` writes (samples i
with i mod 16 = K - 1 are those with i mod 32 = K - 1 or K + 15).

Usage (in the directory of uK.jsonl and u(K+16).jsonl): mt_error_join.py K
writes sK.jsonl."""
import json, sys
k = int(sys.argv[1])
a = open(f'u{k}.jsonl').read().splitlines()
b = open(f'u{k+16}.jsonl').read().splitlines()
ha, hb = json.loads(a[0]), json.loads(b[0])
assert ha['shard'] == [k, 32] and hb['shard'] == [k + 16, 32]
ha2 = dict(ha); hb2 = dict(hb); ha2.pop('shard'); hb2.pop('shard')
assert ha2 == hb2
head = dict(ha); head['shard'] = [k, 16]
classes = head['classes']; orders = head['orders']
rows = [l for l in a[1:] + b[1:] if l.strip()]
def key(l):
    r = json.loads(l)
    assert r['sample'] % 16 == k - 1
    return (classes.index(r['heaps']), orders.index(r['order']), r['sample'])
rows.sort(key=key)
assert len(rows) == len(set((json.loads(l)['heaps'], json.loads(l)['order'], json.loads(l)['sample']) for l in rows))
# header key order as the tool writes it
with open(f's{k}.jsonl', 'w') as f:
    f.write(json.dumps(head, separators=(',', ':')) + '\n')
    for l in rows: f.write(l + '\n')
print(f's{k}.jsonl: {len(rows)} rows')
