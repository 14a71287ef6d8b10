# illustrative_denials.sh - a meta.json "illustrative" that reads as a
# "no" is refused, never taken as a note that marks the numbers made up,
# and a sheet's group row that says "not illustrative" marks nothing
# (audit 13 K29).
. tests/e2e/lib.sh

cp -r samples/zfs-series/24.04 "$TMP/run"
for v in '"No, measured on real disks"' '"not illustrative"' '"none"' '"nothing made up"' '""'; do
	python3 - "$TMP/run/meta.json" "$v" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["illustrative"] = json.loads(sys.argv[2])
json.dump(m, open(sys.argv[1], "w"), indent=2)
PY
	eb ingest "$TMP/run"
	expect_rc "illustrative $v is refused" 65
	expect_err_line "illustrative $v: the key is named" \
		"$TMP/run/meta.json:6: error: \"illustrative\" in meta.json must be true, false or a note saying why the numbers are made up"
done

S=samples/legacy-20.04/zfs-encryption-20.04
cp "$S.map.json" "$TMP/s.map.json"
for t in "illustrative numbers:1" "not illustrative:0" "real numbers, non-illustrative:0"; do
	sed "1s/.*/,\"Ubuntu 20.04 (ZFS 0.8.3, ${t%:*})\",,,,,/" "$S.csv" > "$TMP/s.csv"
	rm -f "$TMP/datapackage.json"
	eb ingest -o "$TMP/out.csv" "$TMP/s.csv"
	expect_rc "sheet group row '${t%:*}' is read" 0
	[ "$(grep -c '"illustrative"' "$TMP/datapackage.json")" -eq "${t#*:}" ] &&
		pass "sheet group row '${t%:*}' marks ${t#*:} release illustrative" ||
		fail "sheet group row '${t%:*}' marks ${t#*:} release illustrative"
done
