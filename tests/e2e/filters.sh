# filters.sh - a --release, --metric, --op, --config, --tool or --host value
# the data lacks is named, with the values the data has, by every command
# that takes it, in one message; and diff says which option names the
# other release when the release before the one named is of another
# platform.
. tests/e2e/lib.sh

# Two releases of one host; 24.04 alone has iops. The lists below are in
# the order the values first appear in this file.
cat >"$TMP/results.csv" <<'EOF'
release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source
23.10,lab,default,none,fio,seq,seq,read,1048576,bw,B/s,1,1000000000,x:1
23.10,lab,default,none,fio,seq,seq,read,1048576,bw,B/s,2,1010000000,x:2
23.10,lab,default,aes-256-gcm,fio,seq,seq,read,1048576,bw,B/s,1,900000000,x:3
23.10,lab,default,aes-256-gcm,fio,seq,seq,read,1048576,bw,B/s,2,910000000,x:4
24.04,lab,default,none,fio,seq,seq,read,1048576,bw,B/s,1,1100000000,x:5
24.04,lab,default,none,fio,seq,seq,read,1048576,bw,B/s,2,1110000000,x:6
24.04,lab,default,aes-256-gcm,fio,seq,seq,read,1048576,bw,B/s,1,950000000,x:7
24.04,lab,default,aes-256-gcm,fio,seq,seq,read,1048576,bw,B/s,2,960000000,x:8
24.04,lab,default,none,fio,seq,seq,read,1048576,iops,1/s,1,1000,x:9
24.04,lab,default,none,fio,seq,seq,read,1048576,iops,1/s,2,1010,x:10
EOF

# OPTION VALUE NOUN HAVE: the option, a value the data lacks, and the
# message's noun and list.
while read -r opt value noun have; do
	for cmd in overhead trend table findings diff chart; do
		case "$cmd $opt" in
		"trend --release"|"diff --release") continue ;;	# they take none
		esac
		out=""
		[ "$cmd" = chart ] && out="-o $TMP/c.svg"
		# shellcheck disable=SC2086
		eb "$cmd" $out "$opt" "$value" "$TMP/results.csv"
		expect_rc "$cmd $opt $value is bad data" 65
		expect_err_line "$cmd $opt $value names what the data has" \
			"encbench: error: $opt '$value': the data has no such $noun (it has $have)"
		if [ "$cmd" = chart ]; then
			[ ! -e "$TMP/c.svg" ] && pass "chart $opt $value writes no chart" \
				|| fail "chart $opt $value writes no chart"
		fi
	done
done <<'EOF'
--release 25.04 release '23.10', '24.04'
--metric lat metric 'bw', 'iops'
--op write op 'read'
--config no-aesni config 'default'
--tool dd tool 'fio'
--host h2 host 'lab'
EOF

# Within the other filters: 23.10 has no iops, and says which it has.
for cmd in overhead table findings chart; do
	out=""
	[ "$cmd" = chart ] && out="-o $TMP/c.svg"
	# shellcheck disable=SC2086
	eb "$cmd" $out --release 23.10 --metric iops "$TMP/results.csv"
	expect_err_line "$cmd: --metric is checked within --release" \
		"encbench: error: --metric 'iops': the data has no such metric (it has 'bw')"
done

# The releases a diff or a diff chart names.
for opt in --from --to; do
	eb diff "$opt" 25.04 "$TMP/results.csv"
	expect_err_line "diff $opt 25.04 names the releases" \
		"encbench: error: $opt '25.04': the data has no such release (it has '23.10', '24.04')"
	eb chart --kind diff -o "$TMP/c.svg" "$opt" 25.04 "$TMP/results.csv"
	expect_rc "chart --kind diff $opt 25.04 is bad data" 65
	expect_err_line "chart --kind diff $opt 25.04 names the releases" \
		"encbench: error: $opt '25.04': the data has no such release (it has '23.10', '24.04')"
done

# A named value the data has filters as before: the table of 23.10 has
# one row per mode.
eb table --csv --release 23.10 "$TMP/results.csv"
expect_rc "table --release 23.10 works" 0
[ "$(grep -c '^23\.10,lab,default,' "$TMP/out")" = 2 ] && pass "table --release 23.10: two rows" \
	|| fail "table --release 23.10: two rows"

# diff --from or --to alone compares with the release before; when the
# only earlier one is of another platform (FreeBSD before 24.04), the
# message says there is none of 24.04's and which option names the other.
sed 's/^23\.10,/FreeBSD,/' "$TMP/results.csv" >"$TMP/bsd.csv"
eb diff --from 24.04 "$TMP/bsd.csv"
expect_rc "diff --from 24.04 without an earlier Ubuntu is bad data" 65
expect_err_line "diff --from 24.04 says to name the other with --to" \
	"encbench: error: no earlier release of the platform of '24.04' measured a case in common with it (the data has 'FreeBSD', '24.04'); name the release to compare it with using --to"
eb diff --to 24.04 "$TMP/bsd.csv"
expect_err_line "diff --to 24.04 says to name the other with --from" \
	"encbench: error: no earlier release of the platform of '24.04' measured a case in common with it (the data has 'FreeBSD', '24.04'); name the release to compare it with using --from"
eb diff --from 24.04 --to FreeBSD --csv "$TMP/bsd.csv"
expect_rc "naming the other with --to compares them" 0
