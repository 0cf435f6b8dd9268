#!/usr/bin/env python3
"""The settings collsel-info lists (collsel-info --list, read from the shim's table) equal the
tables of docs/settings.md: the same names in the same sections (global, per operation), and per
setting the same environment variable, values (type column) and default.
Usage: settings_docs_test.py PATH/TO/collsel-info PATH/TO/docs/settings.md"""
import subprocess
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def plain(cell):
    return cell.replace("`", "")


def docs_rows(path):
    """{(key, scope): (env, values, default)} from the two tables, and the problems of their form."""
    rows, problems, scope = {}, [], None
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## Global settings"):
            scope = "global"
        elif line.startswith("## Per-operation settings"):
            scope = "op"
        elif line.startswith("## "):
            scope = None
        if scope and line.startswith("| TOML key |"):
            i += 2  # header and rule
            while i < len(lines) and lines[i].startswith("|"):
                c = cells(lines[i])
                if len(c) != 5:
                    problems.append(f"row with {len(c)} cells: {lines[i]}")
                else:
                    key, env = plain(c[0]), plain(c[1])
                    if env.startswith("—"):  # TOML only
                        env = "-"
                    if key == "—":  # environment only: named by its variable
                        key = env.removeprefix("COLLSEL_").lower()
                    rows[(key, scope)] = (env, plain(c[2]), plain(c[3]))
                i += 1
            # A table that goes on after a blank line is broken in Markdown.
            if i + 1 < len(lines) and lines[i] == "" and lines[i + 1].startswith("|"):
                problems.append(f"{path}: a blank line splits the {scope} table before: {lines[i + 1][:60]}")
            continue
        i += 1
    return rows, problems


def info_rows(prog):
    out = subprocess.run([prog, "--list"], check=True, capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        key, scope, env, values, default, _help = line.split("\t")
        rows[(key, scope)] = (env, values, default)
    return rows


def main():
    prog, doc = sys.argv[1], sys.argv[2]
    info = info_rows(prog)
    docs, problems = docs_rows(doc)
    for k in sorted(set(info) - set(docs)):
        problems.append(f"{k[1]} setting {k[0]} is listed by collsel-info but has no row in {doc}")
    for k in sorted(set(docs) - set(info)):
        problems.append(f"{k[1]} setting {k[0]} has a row in {doc} but collsel-info does not list it")
    for k in sorted(set(info) & set(docs)):
        for what, a, b in zip(("environment", "type", "default"), info[k], docs[k]):
            if a != b:
                problems.append(f"{k[0]}: {what}: collsel-info says '{a}', {doc} says '{b}'")
    if len(info) < 20:
        problems.append(f"collsel-info lists only {len(info)} settings")
    for p in problems:
        print("FAIL:", p)
    if problems:
        return 1
    print(f"ok: {len(info)} settings agree")
    return 0


sys.exit(main())
