"""Refusals of the real-world scripts, counted by reason.

A reason is reorder's one-line message without what differs from one file,
list or item to the next: the program's name, the file and line:column,
quoted text, pointers and numbers. What follows the message's first `:`
or `;` (its details and the hint of what to do) is left out too, so that
one rule gives one line.
"""
import collections
import re


def reason(stderr):
    text = stderr.decode(errors="replace").strip().splitlines()[0] if stderr.strip() else "(no message)"
    text = re.sub(r"^reorder: ", "", text)
    text = re.sub(r"^(<stdin>|[^ :]+)(:\d+(:\d+)?)?: ", "", text)
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r'"[^"]*"', '"…"', text)
    text = re.sub(r"\[[^\]\s]*\]", "[…]", text)
    text = re.sub(r"(?<![\w/])/[^\s:;,]*", "/…", text)
    text = re.sub(r"\d+", "N", text)
    return re.split(r"[:;] ", text, maxsplit=1)[0]


class Refusals:
    def __init__(self):
        self.counts = collections.Counter()

    def add(self, stderr):
        self.counts[reason(stderr)] += 1

    def report(self, name):
        """The lines that say how many edits each reason refused."""
        if not self.counts:
            return
        print(f"{name}: refused by reason:")
        for text, count in sorted(self.counts.items(), key=lambda item: (-item[1], item[0])):
            print(f"  {count:6d}  {text}")
