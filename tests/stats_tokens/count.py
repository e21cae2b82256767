# Reads {"data": FILE, "texts": [...]} on stdin and counts the o200k_base
# tokens of each text with the tiktoken package, from FILE (the data file
# toolc bundles through tiktoken-rs), after checking that file is the data
# tiktoken itself expects: its SHA-256 against tiktoken's own hash.

import hashlib, json, sys
import tiktoken
import tiktoken.load
import tiktoken_ext.openai_public as public

request = json.load(sys.stdin)
data_file = request["data"]
real_load = tiktoken.load.load_tiktoken_bpe

def load_bundled(_location, expected_hash=None):
    with open(data_file, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    if digest != expected_hash:
        sys.exit(f"{data_file} is not tiktoken's o200k_base data ({digest})")
    return real_load(data_file)

public.load_tiktoken_bpe = load_bundled
encoding = tiktoken.Encoding(**public.o200k_base())
texts = request["texts"]
print(json.dumps([len(encoding.encode_ordinary(t)) for t in texts]))
