# overhead_zero.sh - a case whose baseline or own mean is 0 (a CPU % of 0
# in every run) has no ratio: the note says so, and does not claim that
# the baseline is missing (audit 13 K8).
. tests/e2e/lib.sh

H=release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source
{
	echo "$H"
	for r in 1 2 3; do
		echo "r1,h,c,none,fio,j,seq,write,4096,cpu,%,$r,0,n$r"
		echo "r1,h,c,aes-256-gcm,fio,j,seq,write,4096,cpu,%,$r,1$r,g$r"
		echo "r1,h,c,none,fio,j,seq,write,4096,bw,B/s,$r,10000$r,n$r"
		echo "r1,h,c,aes-256-gcm,fio,j,seq,write,4096,bw,B/s,$r,9000$r,g$r"
		echo "r1,h,noni,aes-256-gcm,fio,j,seq,write,4096,bw,B/s,$r,8000$r,k$r"
	done
} > "$TMP/z.csv"

eb overhead "$TMP/z.csv"
expect_rc "overhead zero: the table is written" 0
expect_err_line "overhead zero: the zero-mean case is named as such" \
	"encbench: note: 1 case of a mode is left out: none or the mode measured 0 in every run (a CPU % of a read the cache served, say), which gives no ratio"
expect_err_line "overhead zero: the case without none is told apart" \
	"encbench: note: 1 case of a mode has no none to compare with in its release, host and config, and is left out (config noni)"
[ "$(grep -c '| fio j seq write 4 KiB | throughput | aes-256-gcm |   3 | 90.0 kB/s | 100 kB/s | 0.900 (0.900–0.900) |' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c '^| fio ' "$TMP/out")" -eq 1 ] &&
	pass "overhead zero: the throughput row alone" || fail "overhead zero: the throughput row alone"
