# overhead_fast.sh - "overhead" of one results.csv reads its groups straight
# from the file (ingest/results_groups.c) when it can: its tables, messages
# and exit must be those of the general load (-v forces it), for good files
# and for every kind of file the straight reading leaves to the general one.
. tests/e2e/lib.sh

H="release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"
# Two tests of two modes, three repetitions each, repetitions interleaved.
{
	echo "$H"
	for r in 1 2 3; do
		for m in none aes-256-gcm luks; do
			for op in read write; do
				echo "24.04,h1,default,$m,fio,seq,seq,$op,1048576,bw,B/s,$r,$((1000000 + r * 7919 % 1000 + ${#m} * 1000 + ${#op} * 13)).5,run$r/$m/$op.json"
			done
		done
	done
} > "$TMP/good.csv"

# same NAME FILE [WANTED-EXIT] [OPTIONS...]: "overhead OPTIONS FILE" prints
# the same tables, messages and exit as with -v, which reads it the
# general way.
same() {
	name=$1 file=$2 want=${3:-0}
	shift 3 2>/dev/null || shift $#
	eb overhead "$@" "$file"
	{ cat "$TMP/out" "$TMP/err"; echo "exit $rc"; } > "$TMP/fast"
	fast_rc=$rc
	eb overhead -v "$@" "$file"
	{ cat "$TMP/out" "$TMP/err"; echo "exit $rc"; } > "$TMP/general"
	if cmp -s "$TMP/fast" "$TMP/general" && [ "$fast_rc" -eq "$want" ]; then
		pass "$name"
	else
		fail "$name (wanted exit $want)"
		diff "$TMP/general" "$TMP/fast" | head -5
	fi
}

same "a plain results.csv: the same csv table" "$TMP/good.csv" 0 --csv
same "a plain results.csv: the same markdown table" "$TMP/good.csv" 0
same "a plain results.csv: the same json" "$TMP/good.csv" 0 --json
# Four rows of encrypted modes, each of three repetitions against three.
eb overhead --csv "$TMP/good.csv"
cut -d, -f1-12,14 "$TMP/out" > "$TMP/keys"
expect_file_is "a plain results.csv: a row for each encrypted mode and op, n of 3 each" "$TMP/keys" \
"release,host,config,mode,tool,job,workload,op,block_size,metric,unit,n,baseline_n
24.04,h1,default,aes-256-gcm,fio,seq,seq,read,1048576,bw,B/s,3,3
24.04,h1,default,luks,fio,seq,seq,read,1048576,bw,B/s,3,3
24.04,h1,default,aes-256-gcm,fio,seq,seq,write,1048576,bw,B/s,3,3
24.04,h1,default,luks,fio,seq,seq,write,1048576,bw,B/s,3,3"
if several_cpus; then
	${VALGRIND_CMD:-} taskset -c 0 "$ENCBENCH" overhead --csv "$TMP/good.csv" >"$TMP/one" 2>&1
	eb overhead --csv "$TMP/good.csv"
	cmp -s "$TMP/one" "$TMP/out" && pass "a plain results.csv: the same on one CPU" \
	    || fail "a plain results.csv: the same on one CPU"
else
	skip "a plain results.csv on one CPU (needs taskset and two CPUs)"
fi

# Files the straight reading leaves to the general one, each told as the
# general load tells it.
bad() { # NAME WANTED-EXIT SED-SCRIPT: good.csv edited so
	sed "$3" "$TMP/good.csv" > "$TMP/case.csv"
	same "$1" "$TMP/case.csv" "$2" --csv
}
bad "a value that is no number" 65 '8s/,1[0-9]*\.5,/,x,/'
bad "a repetition given twice" 65 '8s/,2,\([0-9.]*\),run2/,1,\1,run2/'
# Line 8 is rep 2 of line 2's test.
bad "one measurement read twice" 65 "8s/.*/$(sed -n 2p "$TMP/good.csv" | sed 's/,1,/,2,/; s/\//\\\//g')/"
bad "a source given twice with another value" 0 '8s/,run2\/none\/read.json/,run1\/none\/read.json/'
bad "a row without a source" 0 '8s/,run2\/none\/read.json$/,/'
bad "an empty line among the rows" 0 '8s/^.*$/&\n/'
bad "CRLF line ends" 0 's/$/\r/'
bad "a quoted source" 0 '8s/,\(run2[^,]*\)$/,"\1"/'
bad "a label with a control character" 0 '8s/,h1,/,h\x01,/'
bad "a label that is not UTF-8" 0 '8s/,h1,/,h\xff,/'
bad "a UTF-8 label" 0 '8s/,h1,/,h\xc3\xa9,/'
bad "dd records without an op" 65 's/,fio,seq,seq,\(read\|write\),/,dd,dd,,,/'
bad "a byte-order mark" 0 '1s/^/\xef\xbb\xbf/'
bad "a header of another case" 0 '1s/release/Release/'
bad "a bad cpus tag" 65 '8s/$/ cpus=x/'
bad "a unit that is not its metric's" 65 '8s/,B\/s,/,MB\/s,/'
printf '%s' "$(cat "$TMP/good.csv")" > "$TMP/case.csv"
same "a last line without a line end" "$TMP/case.csv" 0 --csv
head -1 "$TMP/good.csv" > "$TMP/case.csv"
same "a header alone" "$TMP/case.csv" 65 --csv
: > "$TMP/case.csv"
same "an empty file" "$TMP/case.csv" 65 --csv

# A file of a run's folder is labelled from its meta.json.
mkdir -p "$TMP/run/none"
cp "$TMP/good.csv" "$TMP/run/none/results.csv"
printf '{"release": "22.04", "host": "meta-host"}\n' > "$TMP/run/meta.json"
same "a results.csv in a run's folder" "$TMP/run/none/results.csv" 0 --csv
# An output that is the input.
cp "$TMP/good.csv" "$TMP/self.csv"
eb overhead --csv -o "$TMP/self.csv" "$TMP/self.csv"
expect_rc "an output that is the input is refused" 64
expect_file_is "an output that is the input is left as it was" "$TMP/self.csv" "$(cat "$TMP/good.csv")"

# Rows past the first block of 4 MiB, shared among threads; a repetition
# given twice there is told at its line.
awk -v h="$H" 'BEGIN { print h;
	for (i = 0; i < 90000; i++)
		printf "24.%02d,host,default,%s,fio,seq-read,seq,read,1048576,bw,B/s,%d,%d.%03d,gen:%d\n",
		    i % 12, i % 24 < 12 ? "none" : "aes-256-gcm", i / 24 + 1, 1000000 + i * 7, i % 1000, i + 2 }' \
	> "$TMP/big.csv"
same "a results.csv of several blocks" "$TMP/big.csv" 0 --csv
sed '80001s/,B\/s,\([0-9]*\),/,B\/s,1,/' "$TMP/big.csv" > "$TMP/case.csv"
same "a repetition given twice late in a large file" "$TMP/case.csv" 65 --csv

# 9000 rows of overhead, more than a sort on one CPU takes: their halves
# are sorted on two CPUs and merged, into the order of one sort. Releases
# r0 to r29 and then jobs in natural order: r0's first job is j0, r29's
# last j299 (of j0 to j299).
awk -v h="$H" 'BEGIN { print h; n = 2;
	for (k = 8999; k >= 0; k--)
		for (rep = 1; rep <= 2; rep++)
			for (m = 0; m < 2; m++)
				printf "r%d,h,default,%s,fio,j%d,seq,read,4096,bw,B/s,%d,%d,g:%d\n",
				    k % 30, m ? "aes" : "none", int(k / 30), rep, m ? 90 + rep : 100 + rep, n++ }' \
	> "$TMP/many.csv"
eb overhead --csv "$TMP/many.csv"
cut -d, -f1,6 "$TMP/out" > "$TMP/keys"
[ "$(wc -l < "$TMP/keys")" -eq 9001 ] && [ "$(sed -n 2p "$TMP/keys")" = "r0,j0" ] &&
    [ "$(tail -1 "$TMP/keys")" = "r29,j299" ] && pass "9000 rows of overhead, in the report's order" \
    || fail "9000 rows of overhead, in the report's order"
if several_cpus; then
	cp "$TMP/out" "$TMP/many-out"
	${VALGRIND_CMD:-} taskset -c 0 "$ENCBENCH" overhead --csv "$TMP/many.csv" >"$TMP/one" 2>&1
	cmp -s "$TMP/one" "$TMP/many-out" && pass "9000 rows of overhead: the same order on one CPU" \
	    || fail "9000 rows of overhead: the same order on one CPU"
else
	skip "9000 rows of overhead on one CPU (needs taskset and two CPUs)"
fi
