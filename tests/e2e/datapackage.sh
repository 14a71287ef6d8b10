# datapackage.sh - a results.csv written with ingest -o or by report has a
# Frictionless datapackage.json beside it whose types make pandas read the
# release "23.10" as "23.10"; none is written when the CSV is not, nor for
# JSON or standard output.
. tests/e2e/lib.sh

IN=tests/data/analyze/two-releases.csv	# releases 23.10 and 24.04
mkdir -p "$TMP/a"
eb ingest -o "$TMP/a/two.csv" "$IN"
expect_rc "ingest -o two.csv exits 0" 0
dp=$TMP/a/datapackage.json
if [ -f "$dp" ]; then pass "ingest -o writes datapackage.json beside the CSV"; else
	fail "ingest -o writes datapackage.json beside the CSV"; fi

# The fields, in order, with their types, as the CSV's header has them.
fields() { # DATAPACKAGE: "name type" a line, and the resource's path and name
	python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))
r = p["resources"][0]
print(p["profile"], r["profile"], r["name"], r["path"], r["schema"]["missingValues"])
for f in r["schema"]["fields"]:
    print(f["name"], f["type"], f.get("unit", "-"))' "$1"
}
if command -v python3 >/dev/null 2>&1; then
	fields "$dp" >"$TMP/fields" 2>&1
	want="tabular-data-package tabular-data-resource two two.csv ['']
release string -
host string -
config string -
mode string -
tool string -
job string -
workload string -
op string -
block_size integer B
metric string -
unit string -
rep integer -
value number -
source string -"
	if [ "$(cat "$TMP/fields")" = "$want" ]; then pass "datapackage.json: every column of results.csv, typed, block_size in B"; else
		fail "datapackage.json: every column of results.csv, typed, block_size in B"; cat "$TMP/fields"; fi
	header=$(head -1 "$TMP/a/two.csv")
	names=$(sed -n '2,$p' "$TMP/fields" | cut -d' ' -f1 | paste -sd, -)
	[ "$header" = "$names" ] && pass "the fields are the CSV's header in order" \
		|| fail "the fields are the CSV's header in order ($names)"
else
	skip "datapackage.json fields (needs python3)"
fi

# pandas, with the types the package gives (the bench level installs it:
# Debian's python3-pandas is for /usr/bin/python3).
PY=""
for p in python3 /usr/bin/python3; do
	if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import pandas' 2>/dev/null; then PY=$p; break; fi
done
if [ -n "$PY" ]; then
	"$PY" -c '
import json, sys
import pandas as pd
csv, dp = sys.argv[1], sys.argv[2]
types = {"string": str, "integer": "Int64", "number": float}
fields = json.load(open(dp))["resources"][0]["schema"]["fields"]
typed = pd.read_csv(csv, dtype={f["name"]: types[f["type"]] for f in fields}, keep_default_na=False, na_values={"block_size": [""], "value": [""]})
plain = pd.read_csv(csv)
readme = pd.read_csv(csv, dtype={"release": str, "host": str, "config": str, "mode": str})
print(sorted(set(typed["release"])), sorted(set(plain["release"])), sorted(set(readme["release"])))
print(typed["block_size"].dtype, typed["rep"].dtype, typed["value"].dtype, typed["value"][0])' \
		"$TMP/a/two.csv" "$dp" >"$TMP/pd" 2>&1
	want="['23.10', '24.04'] [23.1, 24.04] ['23.10', '24.04']
Int64 Int64 float64 1003047170.8"
	if [ "$(cat "$TMP/pd")" = "$want" ]; then
		pass "pandas with the datapackage's types reads release 23.10 as \"23.10\" (untyped: 23.1)"
	else
		fail "pandas with the datapackage's types reads release 23.10 as \"23.10\""; sed 's/^/  /' "$TMP/pd"
	fi
else
	skip "pandas reading with the datapackage's types (pandas is not installed: sh scripts/deps.sh --bench)"
fi

# Nothing beside a CSV that was not written; an existing package stays.
mkdir -p "$TMP/b"
echo keep >"$TMP/b/datapackage.json"
printf 'not,a,benchmark\n' >"$TMP/bad.csv"
eb ingest -o "$TMP/b/r.csv" "$TMP/bad.csv"
[ "$rc" -ne 0 ] && [ ! -e "$TMP/b/r.csv" ] && pass "bad input: ingest -o fails and writes no CSV" \
	|| fail "bad input: ingest -o fails and writes no CSV"
expect_file_is "bad input: the datapackage.json there stays as it was" "$TMP/b/datapackage.json" keep
rm "$TMP/b/datapackage.json"
mkdir "$TMP/b/r.csv"
eb ingest -o "$TMP/b/r.csv" "$IN"
expect_rc "a CSV that cannot be written: exit 74" 74
[ ! -e "$TMP/b/datapackage.json" ] && pass "a CSV that cannot be written gets no datapackage.json" \
	|| fail "a CSV that cannot be written gets no datapackage.json"

mkdir -p "$TMP/c"
eb ingest -o "$TMP/c/r.json" "$IN"
expect_rc "ingest -o r.json exits 0" 0
[ ! -e "$TMP/c/datapackage.json" ] && pass "JSON output gets no datapackage.json" \
	|| fail "JSON output gets no datapackage.json"
(cd "$TMP/c" && ${VALGRIND_CMD:-} "$ENCBENCH" ingest "$OLDPWD/$IN" >"$TMP/out" 2>"$TMP/err")
[ ! -e "$TMP/c/datapackage.json" ] && pass "standard output gets no datapackage.json" \
	|| fail "standard output gets no datapackage.json"
(cd "$TMP/c" && ${VALGRIND_CMD:-} "$ENCBENCH" ingest -o here.csv "$OLDPWD/$IN" >"$TMP/out" 2>"$TMP/err")
grep -q '"path": "here.csv"' "$TMP/c/datapackage.json" 2>/dev/null \
	&& pass "ingest -o here.csv writes ./datapackage.json naming here.csv" \
	|| fail "ingest -o here.csv writes ./datapackage.json naming here.csv"

# A datapackage.json that cannot be written is an I/O error, named.
mkdir -p "$TMP/d/datapackage.json"
eb ingest -o "$TMP/d/r.csv" "$IN"
expect_rc "a datapackage.json that cannot be written: exit 74" 74

# The report's results.csv has its package too.
eb report -q -o "$TMP/rep" "$IN"
expect_rc "report exits 0" 0
if [ -f "$TMP/rep/datapackage.json" ] && grep -q '"path": "results.csv"' "$TMP/rep/datapackage.json"; then
	pass "report writes datapackage.json beside its results.csv"
else
	fail "report writes datapackage.json beside its results.csv"
fi

# ---- C25: the illustrative mark travels with results.csv

S=samples/zfs-series/24.04	# meta.json: "illustrative": "made-up numbers ..."
L=samples/legacy-20.04		# group row "... illustrative numbers)"
mkdir -p "$TMP/ill"
eb ingest -q -o "$TMP/ill/r.csv" "$S" "$L"
expect_rc "ingest -o of illustrative runs exits 0" 0
grep -F '"illustrative": [' "$TMP/ill/datapackage.json" | sed 's/^ *//' > "$TMP/ill/member"
expect_file_is "the package's resource names each illustrative run and why" "$TMP/ill/member" \
	'"illustrative": [{"release": "24.04", "host": "framework-i5-1135g7", "config": "default", "illustrative": "made-up numbers in real output formats; not measurements"}, {"release": "20.04", "host": "", "config": "", "illustrative": "Ubuntu 20.04 (ZFS 0.8.3, illustrative numbers)"}]'
banner="> **Illustrative data.** The runs of 20.04 and 24.04 say in their meta.json or sheet that their numbers are made up, to show the formats and the report: they are not measurements."
eb report -q -o "$TMP/ill/direct" "$S" "$L"
grep '^> \*\*Illustrative' "$TMP/ill/direct/report.md" > "$TMP/ill/b1"
expect_file_is "a report of the runs names 20.04 and 24.04" "$TMP/ill/b1" "$banner"
eb report -q -o "$TMP/ill/rep" "$TMP/ill/r.csv"
grep '^> \*\*Illustrative' "$TMP/ill/rep/report.md" > "$TMP/ill/b2"
expect_file_is "a report of their results.csv says the same" "$TMP/ill/b2" "$banner"
grep -o 'Made-up numbers, by what their inputs say: .*' "$TMP/ill/rep/data.md" > "$TMP/ill/f2"
expect_file_is "and so does its data.md" "$TMP/ill/f2" "Made-up numbers, by what their inputs say: 20.04 and 24.04."
eb report -q -o "$TMP/ill/rep2" "$TMP/ill/rep/results.csv"
grep '^> \*\*Illustrative' "$TMP/ill/rep2/report.md" > "$TMP/ill/b3"
expect_file_is "and a report rebuilt from that report's results.csv" "$TMP/ill/b3" "$banner"
# Another CSV written in the folder keeps the first one's runs.
eb ingest -q -o "$TMP/ill/plain.csv" "$IN"
grep -c '"illustrative": \[' "$TMP/ill/datapackage.json" > "$TMP/ill/n"
expect_file_is "a second CSV in the folder leaves the first's mark in the package" "$TMP/ill/n" 1
eb report -q -o "$TMP/ill/rep4" "$TMP/ill/r.csv"
grep '^> \*\*Illustrative' "$TMP/ill/rep4/report.md" > "$TMP/ill/b5"
expect_file_is "and the first still reports as illustrative" "$TMP/ill/b5" "$banner"
eb report -q -o "$TMP/ill/rep5" "$TMP/ill/plain.csv"
grep -qi illustrative "$TMP/ill/rep5/report.md" && fail "a CSV of measured runs says nothing of the kind" ||
	pass "a CSV of measured runs says nothing of the kind"
eb ingest "$S"
expect_err_line "records of an illustrative run on standard output get a note" \
	"encbench: note: the numbers of release 24.04 are illustrative (made up, as its meta.json or sheet says), and standard output keeps no mark of it: write -o FILE.csv, whose datapackage.json does"
eb ingest -o "$TMP/ill/r.json" "$S" "$L"
expect_err_line "and in JSON, naming each release" \
	"encbench: note: the numbers of releases 24.04 and 20.04 are illustrative (made up, as their meta.json or sheet says), and $TMP/ill/r.json keeps no mark of it: write -o FILE.csv, whose datapackage.json does"

# A report over a results.csv parted from its datapackage.json cannot mark
# its made-up runs, and says so; a package that cannot be read, or lists
# no such file, is warned of by every command (audit 13 K21).
mkdir -p "$TMP/pk/lone" "$TMP/pk/bad"
eb ingest -q -o "$TMP/pk/r.csv" "$S"
cp "$TMP/pk/r.csv" "$TMP/pk/lone/r.csv"
eb report -o "$TMP/pk/rep" "$TMP/pk/lone/r.csv"
expect_rc "report of a results.csv without its package" 0
expect_err_line "report warns of the missing package" \
	"$TMP/pk/lone/r.csv: warning: no datapackage.json beside it, which says which of its runs are illustrative (made up) and which of its tests bonnie++ could not time: the report cannot say so; keep the two files together"
eb findings "$TMP/pk/lone/r.csv"
[ "$(grep -c 'datapackage' "$TMP/err")" -eq 0 ] && pass "findings does not warn of a missing package" ||
	fail "findings does not warn of a missing package"
cp "$TMP/pk/r.csv" "$TMP/pk/bad/r.csv"
printf '{"name": "encbench-results", "resources": [' > "$TMP/pk/bad/datapackage.json"
eb findings "$TMP/pk/bad/r.csv"
expect_rc "findings over a broken package" 0
expect_err_line "a package that is no JSON is warned of at its line" \
	"$TMP/pk/bad/datapackage.json:1: warning: cannot be read (']' expected near end of file), so which runs of $TMP/pk/bad/r.csv are illustrative (made up), and which of its tests bonnie++ could not time, is not known"
printf '{"name": "encbench-results", "resources": []}' > "$TMP/pk/bad/datapackage.json"
eb report -o "$TMP/pk/rep2" "$TMP/pk/bad/r.csv"
expect_err_line "a package listing no such file is warned of" \
	"$TMP/pk/bad/datapackage.json: warning: lists no resource \"r.csv\", so which runs of $TMP/pk/bad/r.csv are illustrative (made up), and which of its tests bonnie++ could not time, is not known"
eb report -o "$TMP/pk/rep3" "$TMP/pk/r.csv"
[ "$(grep -c 'datapackage' "$TMP/err")" -eq 0 ] && grep -qi illustrative "$TMP/pk/rep3/report.md" &&
	pass "a results.csv with its package is marked, unwarned" ||
	fail "a results.csv with its package is marked, unwarned"
