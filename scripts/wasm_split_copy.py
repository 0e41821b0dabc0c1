#!/usr/bin/env python3
"""Copy the app's split pages into the site (Trunk's post_build hook).

scripts/bin/wasm-bindgen leaves the pages it split off, and their loader
`__wasm_split.js`, in `wasm-split/` beside wasm-bindgen's output
(`<target>/wasm-bindgen/<profile>/`); Trunk copies only the main script and
wasm, so this copies the directory into the staging site and points the
loader's import of the main script at the name Trunk gave it (with its
content hash), so both are one module. A main script that imports
`./wasm-split/__wasm_split.js` with no directory to copy stops the build
with a message, never a page that fails later.

    python3 scripts/wasm_split_copy.py   # as Trunk's hook (TRUNK_* variables)
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

IMPORT = "./wasm-split/__wasm_split.js"


def target_dir():
    env = os.environ.get("CARGO_TARGET_DIR")
    if env:
        return pathlib.Path(env)
    out = subprocess.run(["cargo", "metadata", "--format-version", "1", "--no-deps"], capture_output=True, text=True, check=True).stdout
    import json

    return pathlib.Path(json.loads(out)["target_directory"])


def main():
    stage = os.environ.get("TRUNK_STAGING_DIR")
    profile = os.environ.get("TRUNK_PROFILE", "release")
    if not stage:
        print("wasm_split_copy: run as Trunk's post_build hook (TRUNK_STAGING_DIR is not set)", file=sys.stderr)
        return 2
    stage = pathlib.Path(stage)
    split_main = [p for p in stage.glob("*.js") if IMPORT in p.read_text(errors="replace")]
    src = target_dir() / "wasm-bindgen" / profile / "wasm-split"
    if not split_main:
        print("wasm_split_copy: no script imports the split pages; nothing to copy")
        return 0
    if not (src / "__wasm_split.js").is_file():
        print(f"wasm_split_copy: {split_main[0].name} imports {IMPORT}, but {src} holds no __wasm_split.js (was the site built through scripts/bin/wasm-bindgen?)", file=sys.stderr)
        return 1
    dest = stage / "wasm-split"
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(src, dest)
    loader = dest / "__wasm_split.js"
    text = loader.read_text()
    text, n = re.subn(r'^import \{ initSync \} from "\./[^"/]+\.js";', f'import {{ initSync }} from "../{split_main[0].name}";', text, count=1, flags=re.M)
    if n != 1:
        print(f"wasm_split_copy: {loader} does not import initSync from the main script (wasm-split-cli changed?)", file=sys.stderr)
        return 1
    loader.write_text(text)
    files = sorted(dest.iterdir())
    size = sum(p.stat().st_size for p in files)
    print(f"wasm_split_copy: {len(files)} files of split pages ({size / 1e6:.2f} MB) into {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
