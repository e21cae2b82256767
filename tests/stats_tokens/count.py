# Reads {"data": FILE, "texts": [...]} on stdin and counts the o200k_base
# tokens of each text with the tiktoken package. FILE is the vocabulary of
# toolc's tokenizer, a token's bytes in hex and its rank per line; the data
# file tiktoken expects is rebuilt from it (base64 and rank per line) and
# checked against tiktoken's own SHA-256 before it is used.

import base64, hashlib, json, os, sys, tempfile
import tiktoken
import tiktoken.load
import tiktoken_ext.openai_public as public

request = json.load(sys.stdin)
lines = []
with open(request["data"]) as f:
    for line in f:
        token, rank = line.split()
        lines.append(base64.b64encode(bytes.fromhex(token)).decode() + " " + rank + "\n")
rebuilt = "".join(lines).encode()
real_load = tiktoken.load.load_tiktoken_bpe

def load_rebuilt(_location, expected_hash=None):
    digest = hashlib.sha256(rebuilt).hexdigest()
    if digest != expected_hash:
        sys.exit(f"toolc's o200k_base vocabulary is not tiktoken's ({digest})")
    with tempfile.NamedTemporaryFile(suffix=".tiktoken", delete=False) as f:
        f.write(rebuilt)
    try:
        return real_load(f.name)
    finally:
        os.unlink(f.name)

public.load_tiktoken_bpe = load_rebuilt
encoding = tiktoken.Encoding(**public.o200k_base())
texts = request["texts"]
print(json.dumps([len(encoding.encode_ordinary(t)) for t in texts]))
