#!/usr/bin/python3
# report_check.py - what tests/e2e/report.sh checks in a report folder:
#   links DIR   every link and image of every .md page resolves to a file
#               of the folder (or an id of the page it points into)
#   html FILE   every tag of the HTML page is closed in order, every link
#               into the page or the folder resolves, and every .md page of
#               the folder is a section of it (id "page-" and its path)
#   headline DIR  every sentence of report.md's Findings is one of
#               findings.md's, word for word (so none loses its host)
# Prints one line per problem and "N links", "N tags" or "N sentences";
# exits 1 on any.
import html.parser
import os
import re
import sys

LINK = re.compile(r"\]\(([^)\s]+)\)")


def check_links(root):
    bad, n = [], 0
    for dirpath, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".md"):
                continue
            page = os.path.join(dirpath, name)
            text = open(page, encoding="utf-8").read()
            for target in LINK.findall(text):
                n += 1
                if re.match(r"[a-z]+:", target):
                    continue
                path = target.split("#", 1)[0]
                if path == "":
                    bad.append(f"{page}: {target}: links within a markdown page are not used")
                    continue
                full = os.path.normpath(os.path.join(dirpath, path))
                if not full.startswith(os.path.normpath(root)) or not os.path.isfile(full):
                    bad.append(f"{os.path.relpath(page, root)}: {target} does not resolve")
    return bad, n


# Elements HTML closes by itself.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}


class Tags(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.bad, self.n, self.ids, self.hrefs = [], [], 0, set(), []

    def note(self, attrs):
        for k, v in attrs:
            if k == "id":
                self.ids.add(v)
            if k in ("href", "src") and v is not None:
                self.hrefs.append(v)

    def handle_starttag(self, tag, attrs):
        self.n += 1
        self.note(attrs)
        if tag not in VOID:
            self.stack.append((tag, self.getpos()[0]))

    def handle_startendtag(self, tag, attrs):
        self.n += 1
        self.note(attrs)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack:
            self.bad.append(f"line {self.getpos()[0]}: </{tag}> closes nothing")
            return
        top, line = self.stack.pop()
        if top != tag:
            self.bad.append(f"line {self.getpos()[0]}: </{tag}> closes <{top}> of line {line}")


def check_html(path):
    p = Tags()
    p.feed(open(path, encoding="utf-8").read())
    p.close()
    bad = p.bad + [f"<{t}> of line {l} is never closed" for t, l in p.stack]
    root = os.path.dirname(path)
    for h in p.hrefs:
        if re.match(r"[a-z]+:", h):
            continue
        if h.startswith("#"):
            if h[1:] not in p.ids:
                bad.append(f"{h}: no element has that id")
        elif not os.path.isfile(os.path.join(root, h.split("#", 1)[0])):
            bad.append(f"{h} does not resolve")
    for dirpath, _, files in os.walk(root):
        for name in sorted(files):
            page = os.path.relpath(os.path.join(dirpath, name), root)
            if not name.endswith(".md") or page == "report.md":
                continue
            pid = "page-" + re.sub(r"[^A-Za-z0-9._-]", "-", page[:-3]).replace(".", "-")
            if pid not in p.ids:
                bad.append(f"{page} has no section in the page (no id {pid})")
    return bad, p.n


def bullets(text):
    return [l for l in text.splitlines() if l.startswith("- ")]


def check_headline(root):
    main = open(os.path.join(root, "report.md"), encoding="utf-8").read()
    section = main.split("\n## Findings\n", 1)[1].split("\n## ", 1)[0]
    every = set(bullets(open(os.path.join(root, "findings.md"), encoding="utf-8").read()))
    heads = bullets(section)
    return [f"not in findings.md: {h}" for h in heads if h not in every], len(heads)


if __name__ == "__main__":
    what, arg = sys.argv[1], sys.argv[2]
    check = {"links": check_links, "html": check_html, "headline": check_headline}[what]
    bad, n = check(arg)
    for b in bad:
        print(b)
    print(f"{n} {dict(links='links', html='tags', headline='sentences')[what]}")
    sys.exit(1 if bad else 0)
