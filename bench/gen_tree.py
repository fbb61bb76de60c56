#!/usr/bin/env python3
"""Generates a Docusaurus-format docs tree for benchmarks: about 600 pages over 7 versions
(next + 6 releases), with code blocks (ts/js/json/csharp), tables, admonitions, tabs,
mermaid and cross links; pages of 2 to 40 KB. Deterministic (seeded)."""
import json, os, random, sys

out = sys.argv[1]
pages_per_version = int(sys.argv[2]) if len(sys.argv) > 2 else 86
rng = random.Random(42)
versions = ["6.0", "5.0", "4.0", "3.0", "2.0", "1.0"]
words = ("intent context channel desktop agent broadcast listener instrument contact portfolio "
         "resolve metadata identity window application directory standard payload message").split()

def para(n):
    return " ".join(rng.choice(words) for _ in range(n)).capitalize() + "."

def page(i, ids):
    parts = [f"---\nid: p{i}\ntitle: Page {i}\ndescription: Benchmark page {i}.\n---\n",
             "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n"]
    target = rng.randint(2_000, 40_000)
    size = 0
    s = 0
    while size < target:
        s += 1
        block = [f"\n## Section {s}\n", para(60), "\n", para(40)]
        kind = s % 6
        if kind == 0:
            block.append(f"\n```ts title=\"s{s}.ts\" {{2}}\nimport {{ Context }} from '@finos/fdc3';\nconst c: Context = {{ type: 'fdc3.instrument', id: {{ ticker: 'X{s}' }} }};\nawait fdc3.broadcast(c);\n```\n")
        elif kind == 1:
            block.append("\n| Name | Type | Required |\n|---|---|---|\n" + "".join(f"| f{j} | string | {'yes' if j % 2 else 'no'} |\n" for j in range(8)))
        elif kind == 2:
            block.append(f"\n:::note Note {s}\n{para(30)}\n:::\n")
        elif kind == 3:
            block.append("\n<Tabs groupId=\"lang\">\n<TabItem value=\"ts\" label=\"TypeScript\">\n\n```js\nconst l = fdc3.addContextListener(null, c => console.log(c));\n```\n\n</TabItem>\n<TabItem value=\"dotnet\" label=\".NET\">\n\n```csharp\nvar l = await agent.AddContextListener<Instrument>(null, (c, m) => { });\n```\n\n</TabItem>\n</Tabs>\n")
        elif kind == 4:
            block.append(f"\n```json\n{{\n  \"type\": \"fdc3.contact\",\n  \"id\": {{ \"email\": \"user{s}@example.org\" }}\n}}\n```\n")
        else:
            other = rng.choice(ids)
            block.append(f"\nSee [page {other}](p{other}.md#section-1).\n\n```mermaid\nsequenceDiagram\n  A->>B: raiseIntent\n  B-->>A: result\n```\n")
        text = "\n".join(block)
        parts.append(text)
        size += len(text)
    return "".join(parts)

def write_version(dirname, sidebar_path):
    ids = list(range(pages_per_version))
    os.makedirs(dirname, exist_ok=True)
    for i in ids:
        with open(os.path.join(dirname, f"p{i}.md"), "w") as f:
            f.write(page(i, ids))
    with open(sidebar_path, "w") as f:
        json.dump({"docs": {"Pages": [f"p{i}" for i in ids]}}, f)

os.makedirs(os.path.join(out, "versioned_sidebars"), exist_ok=True)
write_version(os.path.join(out, "docs"), os.path.join(out, "sidebars.json"))
for v in versions:
    write_version(os.path.join(out, "versioned_docs", f"version-{v}"), os.path.join(out, "versioned_sidebars", f"version-{v}-sidebars.json"))
with open(os.path.join(out, "versions.json"), "w") as f:
    json.dump(versions, f)
with open(os.path.join(out, "docsite.toml"), "w") as f:
    f.write('title = "Bench"\nurl = "https://example.org"\n\n[[navbar.items]]\ntype = "docsVersionDropdown"\nposition = "right"\n')
print(f"generated {pages_per_version * (len(versions) + 1)} pages in {out}")
