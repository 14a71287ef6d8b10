# large.sh - a large results.csv is read a block at a time, its lines
# shared among threads: records, messages and errors must be those of a
# read on one CPU, wherever in the file they are.
. tests/e2e/lib.sh

# 40,000 rows, about 3.5 MB: blocks of whole lines split into parts.
awk 'BEGIN { print "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source";
	for (i = 0; i < 40000; i++)
		printf "24.%02d,host%d,default,%s,fio,seq-read,seq,read,1048576,bw,B/s,%d,%d.%03d,gen:%d\n",
		    i % 12, i % 3, i % 2 ? "aes-256-gcm" : "none", i / 6 + 1, 1000000 + i * 7, i % 1000, i + 2 }' \
	> "$TMP/big.csv"

if ! several_cpus; then
	skip "a large results.csv on one CPU and on several (needs taskset and two CPUs)"
	exit 0
fi

same_on_one_cpu "a large results.csv reads the same on one CPU and on $(nproc)" "$TMP/big.csv"
[ "$(wc -l < "$TMP/one")" -eq 40002 ] && pass "a large results.csv gives all its 40000 records" \
	|| fail "a large results.csv gives all its 40000 records"

# An error late in the file, in a part another thread read.
sed '35001s/,B\/s,/,B\/s,x/' "$TMP/big.csv" > "$TMP/bad-late.csv"
same_on_one_cpu "an error in a late row is the same error on any number of CPUs" "$TMP/bad-late.csv" 65
expect_err_line "the late error names its line and column" \
	"$TMP/bad-late.csv:35001:12: error: rep is not a whole number from 1: 'x5834'"

# An error early and one late: the first is told.
sed -e '20001s/,B\/s,/,B\/s,y/' -e '35001s/,B\/s,/,B\/s,x/' "$TMP/big.csv" > "$TMP/bad-two.csv"
same_on_one_cpu "of two bad rows, the first is told on any number of CPUs" "$TMP/bad-two.csv" 65

# A quoted field makes a block one thread's.
sed '30001s/,gen:\([0-9]*\)$/,"gen,quoted:\1"/' "$TMP/big.csv" > "$TMP/quoted.csv"
same_on_one_cpu "a large results.csv with a quoted field reads the same" "$TMP/quoted.csv"
grep -q '^24.11,host2,default,aes-256-gcm,.*,"gen,quoted:30001"$' "$TMP/out" \
	&& pass "the quoted field is read whole" || fail "the quoted field is read whole"

# Rows are split sixteen bytes at a time; a NUL or a quote past the first
# sixteen bytes hands the row to the general path untouched. A NUL ends
# its field, as C strings do.
sed '30001s/,gen:/\x00junk,gen:/' "$TMP/big.csv" > "$TMP/nul.csv"
same_on_one_cpu "a NUL late in a row reads the same on any number of CPUs" "$TMP/nul.csv"
[ "$(sed -n 30001p "$TMP/one")" = "$(sed -n 30001p "$TMP/big.csv")" ] \
	&& pass "a NUL after a value ends the value" || fail "a NUL after a value ends the value"

# Each metric's plausible limit is looked up once per interned label.
sed '30001s/,1[0-9]*\.[0-9]*,gen/,20000000000000,gen/' "$TMP/big.csv" > "$TMP/limit.csv"
same_on_one_cpu "a value past its limit late in the file is the same error" "$TMP/limit.csv" 65
expect_err_line "the value past its limit is named with the limit" \
	"$TMP/limit.csv:30001:13: error: bw 20000000000000 B/s is beyond the plausible limit of 10 TB/s (10000000000000 B/s)"

# CRLF line ends, and a line too long late in the file.
sed 's/$/\r/' "$TMP/big.csv" > "$TMP/crlf.csv"
same_on_one_cpu "a large CRLF results.csv reads the same" "$TMP/crlf.csv"
awk 'NR == 36000 { printf "%s,", $0; for (i = 0; i < 1100000; i++) printf "9"; print ""; next } { print }' \
	"$TMP/big.csv" > "$TMP/long.csv"
same_on_one_cpu "a line over the limit late in the file is the same error" "$TMP/long.csv" 65
expect_err_line "the long line is named" \
	"$TMP/long.csv:36000: error: line longer than 1048576 bytes, the most encbench reads"
