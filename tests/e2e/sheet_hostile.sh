# sheet_hostile.sh - sheets and maps written to fool the importer (outside
# audit 8: F1, F2, F3, F10, E11, E13, E20), through the real command line:
# exact messages, exit codes, and -o left as it was on an error.
. tests/e2e/lib.sh
D=tests/data/sheet/hostile
FOLLOW="write the unit with its prefix (kIOPS, GB/s) in the header or the cells, or the unit in a --map file"

refused() { # NAME EXACT-STDERR-LINE ARGS...: exit 65, the line, -o untouched
	name=$1 line=$2
	shift 2
	echo "previous output" > "$TMP/keep.csv"
	eb ingest -o "$TMP/keep.csv" "$@"
	expect_rc "$name: exit 65" 65
	expect_err_line "$name: the located error" "$line"
	expect_file_is "$name: -o left as it was" "$TMP/keep.csv" "previous output"
}

refused "F1: IOPS (M)" "$D/scale-m.csv:1:2: error: column B ('FIO Rand Read 4k IOPS (M)') scales its numbers ('M', a scale word), which encbench does not apply; $FOLLOW" "$D/scale-m.csv"
refused "F2: two block sizes" "$D/two-bs.csv:1:2: error: column B ('FIO Rand Read 4k 64k (MB/s)') names two block sizes, 4k and 64k; name one, or the block size in a --map file" "$D/two-bs.csv"
refused "E20: a run marked failed" "$D/sheet-marks.csv:7:1: error: 'AES-256-GCM ✗' in column A ('Mode') is marked '✗', which says its run failed or is in doubt; leave the row out, or write the mode alone once the run is good" "$D/sheet-marks.csv"
refused "E13: one column given twice by number" "$D/map-num-twice.json:1:59: error: map: columns[1] names column 2 again, as columns[0] does; give each column one entry" --map "$D/map-num-twice.json" "$D/map-sheet.csv"
refused "E13: by number, then by header" "$D/map-num-then-text.json:1:59: error: map: columns[1] describes column B ('Seq Write (MiB/s)') again, as columns[0] does; give each column one entry" --map "$D/map-num-then-text.json" "$D/map-sheet.csv"
refused "E13: by header, then by number" "$D/map-text-then-num.json:1:72: error: map: columns[1] describes column B ('Seq Write (MiB/s)') again, as columns[0] does; give each column one entry" --map "$D/map-text-then-num.json" "$D/map-sheet.csv"
refused "E13: a bandwidth unit on an IOPS column" "$D/map-unit-iops.json:1:14: error: map: the \"unit\" of columns[0] makes column C ('Rand Read 4k (IOPS)') a bandwidth, but its header names an I/O rate; give the unit the header says, or correct the header" --map "$D/map-unit-iops.json" "$D/map-sheet.csv"

# F3: difference rows are skipped with a note, never modes.
eb ingest -q "$D/diff-rows.csv"
expect_rc "F3: a sheet with difference rows is read" 0
expect_out "F3: only the four runs are records" "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source
,,,none,dd,dd,,write,,bw,B/s,1,1000000000,$D/diff-rows.csv:2:2
,,,none,dd,dd,,write,,bw,B/s,2,1010000000,$D/diff-rows.csv:3:2
,,,aes-256-gcm,dd,dd,,write,,bw,B/s,1,800000000,$D/diff-rows.csv:4:2
,,,aes-256-gcm,dd,dd,,write,,bw,B/s,2,810000000,$D/diff-rows.csv:5:2"
eb ingest "$D/diff-rows.csv"
expect_err_line "F3: the minus sign's row is noted" "$D/diff-rows.csv:6:1: note: 'GCM − none' is computed from other rows (an overhead, ratio or difference), not a mode; skipped, encbench computes these itself"
expect_err_line "F3: the glued hyphen's row is noted" "$D/diff-rows.csv:7:1: note: 'GCM-none' is computed from other rows (an overhead, ratio or difference), not a mode; skipped, encbench computes these itself"

# E11: spread and target columns, and a spread in the run column.
eb ingest "$D/spread-cols.csv"
expect_rc "E11: a sheet with σ and theoretical columns is read" 0
[ "$(grep -c ',bw,B/s,' "$TMP/out")" = 2 ] && pass "E11: only the two DD Write cells are records" ||
	fail "E11: only the two DD Write cells are records"
expect_err_line "E11: σ is noted as a spread" "$D/spread-cols.csv:1:3: note: column C ('DD Write σ (MB/s)') is computed from other columns (an overhead, ratio or spread); skipped, encbench computes these itself"
expect_err_line "E11: theoretical is noted as no measurement" "$D/spread-cols.csv:1:4: note: column D ('DD Write theoretical (MB/s)') is an expected, target or theoretical figure, not a measurement; skipped"
eb ingest "$D/sheet-sigma-row.csv"
expect_rc "E11: the ± run row is read" 0
[ "$(grep -c ',aes-256-gcm,' "$TMP/out")" = 2 ] && pass "E11: the ± row is no third run" ||
	fail "E11: the ± row is no third run"
expect_err_line "E11: and says so" "$D/sheet-sigma-row.csv:7:2: note: '±' in column B ('Run') names a spread or difference of runs, not a run; the row is skipped"

# F10: one release however the name and number are joined.
DDF=samples/zfs-series/24.04/none/dd-write-r1.txt
for r in "Ubuntu-24.04" "Ubuntu 24.04 (noble)" 'Ubuntu 24.04 "Noble Numbat"' "v24.04" \
	"ubuntu_24.04" "Ubuntu24.04" "24.04-LTS"; do
	eb ingest --set op=write --set "release=$r" "$DDF"
	[ "$rc" = 0 ] && [ "$(sed -n 2p "$TMP/out" | cut -d, -f1)" = 24.04 ] &&
		pass "F10: --set release='$r' is 24.04" || fail "F10: --set release='$r' is 24.04"
	expect_err_line "F10: with D7's note for '$r'" "encbench: note: --set release='$r' is read as release 24.04, as every input spells it"
done
for r in "FreeBSD 14.1" "FreeBSD-14.1" "FreeBSD 14.1-RELEASE" "freebsd14.1"; do
	eb ingest --set op=write --set "release=$r" "$DDF"
	[ "$(sed -n 2p "$TMP/out" | cut -d, -f1)" = freebsd-14.1 ] &&
		pass "F10: --set release='$r' is freebsd-14.1" || fail "F10: --set release='$r' is freebsd-14.1"
done
eb ingest --set op=write --set "release=Ubuntu 24.04 (jammy)" "$DDF"
[ "$(sed -n 2p "$TMP/out" | cut -d, -f1)" = "ubuntu-24.04-(jammy)" ] &&
	pass "F10: a code name of another release keeps the label as written" ||
	fail "F10: a code name of another release keeps the label as written"

# Audit 10, H17: a key column of the row that contradicts the value's own
# header is refused; one that says the same is read.
refused "H17: Op read beside DD Write" "$D/sheet-op-contra.csv:2:3: error: '500' in column C ('DD Write (MB/s)'): its header says the direction is write, but a column of its row says read; say it once, or the same in both" "$D/sheet-op-contra.csv"
refused "H17: Block size 64k beside 4k" "$D/sheet-bs-contra.csv:2:3: error: '5000' in column C ('FIO Rand Read 4k (IOPS)'): its header says the block size is 4096 bytes, but a column of its row says 65536; say it once, or the same in both" "$D/sheet-bs-contra.csv"
refused "H17: Workload seq beside Rand" "$D/sheet-wl-contra.csv:2:3: error: '5000' in column C ('FIO Rand Read 4k (IOPS)'): its header says the workload is rand, but a column of its row says seq; say it once, or the same in both" "$D/sheet-wl-contra.csv"
refused "H17: Tool dd beside FIO" "$D/sheet-tool-contra.csv:2:3: error: '5000' in column C ('FIO Rand Read 4k (IOPS)'): its header says the tool is fio, but a column of its row says dd; say it once, or the same in both" "$D/sheet-tool-contra.csv"
eb ingest -q "$D/sheet-key-agrees.csv"
expect_out "H17: key columns that agree with the header are read" "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source
,,,none,dd,dd,,write,1048576,bw,B/s,1,500000000,$D/sheet-key-agrees.csv:2:4
,,,aes-256-gcm,dd,dd,,write,1048576,bw,B/s,1,400000000,$D/sheet-key-agrees.csv:3:4"

# Audit 9, G24: an Op column's value encbench does not know is no test of
# its own (results.csv refuses such an op too).
printf 'Mode,Op,DD (MB/s)\nNone,wrote,4\n' > "$TMP/op-wrote.csv"
refused "G24: Op wrote" "$TMP/op-wrote.csv:2:2: error: 'wrote' in column B ('Op') is none of the ops encbench knows: read, write, rewrite, mixed, trim, seek, create, stat, delete, rw, randrw, readwrite" "$TMP/op-wrote.csv"

# Audits 9 and 10, G22 and H11: a block size column without a unit whose
# numbers are too small for bytes, or with a unit that is no size, is
# refused; "(KiB)" and "(bytes)" scale as they say.
refused "G22: Block size 4 without a unit" "$D/sheet-bs-bare.csv:2:2: error: '4' in column B ('Block size') is a block size without a unit, which would be 4 bytes; write its unit (4k, 512B) or name one in the header (Block size (KiB))" "$D/sheet-bs-bare.csv"
refused "G22: Block size (4k)" "$D/sheet-bs-4k-unit.csv:2:2: error: column B ('Block size (4k)') gives its block sizes in '4', which encbench does not read as a size; write each with its unit (4k, 512B) or name one in the header (Block size (KiB))" "$D/sheet-bs-4k-unit.csv"
refused "H11: Block size (sectors)" "$D/sheet-bs-sectors.csv:2:2: error: column B ('Block size (sectors)') gives its block sizes in 'sectors', which encbench does not read as a size; write each with its unit (4k, 512B) or name one in the header (Block size (KiB))" "$D/sheet-bs-sectors.csv"
for h in "KiB,4" "bytes,4096"; do
	printf 'Mode,Block size (%s),FIO Rand Read (IOPS)\nNone,%s,5000\n' "${h%,*}" "${h#*,}" > "$TMP/bs-named.csv"
	eb ingest -q "$TMP/bs-named.csv"
	[ "$(sed -n 2p "$TMP/out" | cut -d, -f9)" = 4096 ] &&
		pass "G22: Block size (${h%,*}) ${h#*,} is 4096 bytes" || fail "G22: Block size (${h%,*}) ${h#*,} is 4096 bytes"
done
