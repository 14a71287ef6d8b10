/* fio_scan_avx2.c - the fio-log scanner's lines for the charts' points on
 * CPUs with AVX2: each line's masks and both its numbers in SIMD registers. */
#include <stdint.h>

#include "fio_scan_int.h"

#ifdef HAVE_AVX2_MASKS
/* ---- the charts' points on CPUs with AVX2 (and BMI, which every AVX2
 * CPU has): the masks of each line from two loads at its start rather
 * than from masks of the whole buffer, time and value converted side by
 * side in one register, and the bit operations on the masks one
 * instruction each. A line of fio's layout below 32 bytes (every bw and
 * iops log) is read here; any other line as scan_lines reads it. The
 * process reading and binning a 200,000-line bw log (bench/lib.sh's)
 * took 167 instructions a line instead of 235 (valgrind's count). */

/* '0', 9, ',' and ' ' in every byte; 0x0F in every byte; the weights of
 * the digits of two, then four. */
static const __m256i ascii[4] = {
	{ 0x3030303030303030LL, 0x3030303030303030LL, 0x3030303030303030LL, 0x3030303030303030LL },
	{ 0x0909090909090909LL, 0x0909090909090909LL, 0x0909090909090909LL, 0x0909090909090909LL },
	{ 0x2c2c2c2c2c2c2c2cLL, 0x2c2c2c2c2c2c2c2cLL, 0x2c2c2c2c2c2c2c2cLL, 0x2c2c2c2c2c2c2c2cLL },
	{ 0x2020202020202020LL, 0x2020202020202020LL, 0x2020202020202020LL, 0x2020202020202020LL },
};
static const __m128i low4 = { 0x0f0f0f0f0f0f0f0fLL, 0x0f0f0f0f0f0f0f0fLL };
static const __m128i by10 = { 0x010a010a010a010aLL, 0x010a010a010a010aLL };
static const __m128i by100 = { 0x0001006400010064LL, 0x0001006400010064LL };
static const __m128i by10000 = { 10000, 10000 };

/* int_line_masks of the charts' points, the masks of a line of len
 * (below 32) bytes: the time and the value as doubles and the direction;
 * 0 for what int_line_fast must read. */
__attribute__((target("avx2,bmi,bmi2,popcnt"))) static inline __attribute__((always_inline)) int
points_line(const char *p, size_t len, uint64_t nd, uint64_t pair, double *t, double *v, int *d)
{
	int a[5], n, a0, lv;

	if (!layout_columns(p, len, nd, pair, a, &n))
		return 0;
	a0 = a[0];
	lv = a[1] - a[0] - 2;
	*d = p[a[1] + 2] - '0';
	if (a0 <= 8 && lv <= 8) {
		/* Each number's digits moved to the top of its half, then
		 * weighed by 10, 100 and 10000 pairwise: both below 10^8,
		 * exact as 32-bit integers and then as doubles. */
		__m128i x = _mm_and_si128(_mm_set_epi64x((long long)load8(p + a0 + 2),
		    (long long)load8(p)), low4);

		x = _mm_sllv_epi64(x, _mm_set_epi64x(64 - 8 * lv, 64 - 8 * a0));
		x = _mm_madd_epi16(_mm_maddubs_epi16(x, by10), by100);
		x = _mm_add_epi64(_mm_mul_epu32(x, by10000), _mm_srli_epi64(x, 32));
		x = _mm_shuffle_epi32(x, _MM_SHUFFLE(2, 0, 2, 0));
		{
			__m128d tv = _mm_cvtepi32_pd(x);

			_mm_storel_pd(t, tv);
			_mm_storeh_pd(v, tv);
		}
		return 1;
	}
	*t = (double)(int64_t)digits_value(p, a0);
	*v = (double)(int64_t)digits_value(p + a0 + 2, lv);
	return 1;
}

/* The layout of the line read last: its length, and where its digits
 * and its separators (each ", " and the '\n') stand. Consecutive lines of
 * a log mostly share it (the same number of digits in each column), and
 * a line that does is known to be in fio's layout, and its columns where
 * they were, from three SIMD compares, without layout_columns. */
struct shape {
	__m256i sep;		/* the separators where they stand, 0 on the digits */
	__m128i shift;		/* points_line's shifts of time and value */
	uint64_t sepbits;	/* bit i: byte i is a separator */
	uint64_t linebits;	/* the line's bytes and its '\n' */
	size_t len;		/* bytes before the '\n'; 0: no layout known */
	int a0, lv, dpos;	/* time's digits, value's digits, direction's byte */
};

/* 32 bytes of 0xff, then 32 of 0: from byte 32 - k, k leading bytes set. */
static const unsigned char lead_ones[64] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/* The layout of the line at p of len (below 32) bytes, which points_line
 * has read; no layout (len 0) when its columns are longer than the fast
 * conversion takes. */
__attribute__((target("avx2,bmi,bmi2,popcnt"))) static void
learn_shape(struct shape *sh, const char *p, size_t len, uint64_t nd, uint64_t pair)
{
	int a[5], n;
	__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)p);
	__m256i dz = _mm256_sub_epi8(x, _mm256_load_si256(&ascii[0]));
	__m256i digit = _mm256_cmpeq_epi8(_mm256_min_epu8(dz, _mm256_load_si256(&ascii[1])), dz);
	__m256i keep = _mm256_loadu_si256((const __m256i *)(const void *)(lead_ones + 31 - len));

	sh->len = 0;
	if (!layout_columns(p, len, nd, pair, a, &n) || a[0] > 8 || a[1] - a[0] - 2 > 8)
		return;
	sh->a0 = a[0];
	sh->lv = a[1] - a[0] - 2;
	sh->dpos = a[1] + 2;
	sh->linebits = (UINT64_C(2) << len) - 1;
	sh->sepbits = nd & sh->linebits;
	sh->sep = _mm256_and_si256(_mm256_andnot_si256(digit, x), keep);
	sh->shift = _mm_set_epi64x(64 - 8 * sh->lv, 64 - 8 * sh->a0);
	sh->len = len;
}

__attribute__((target("avx2,bmi,bmi2,popcnt"))) int
eb_fio_scan_points_avx2(struct range *r, const char *p, const char *last, long *lineno, int bom)
{
	struct shape sh;
	long ln = *lineno;
	int stop = 0;

	sh.len = 0;
	while (p <= last) {
		if (sh.len != 0) {
			/* A line of the layout of the one before: its separators
			 * where they were and digits everywhere else, up to its
			 * '\n' (the last '\n' of the buffer or one before). Its
			 * columns converted as points_line converts them. */
			__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)p);
			__m256i dz = _mm256_sub_epi8(x, _mm256_load_si256(&ascii[0]));
			uint64_t dig = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(dz,
			    _mm256_load_si256(&ascii[1])), dz));
			uint64_t at_sep = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, sh.sep));

			if ((((at_sep & sh.sepbits) | (dig & ~sh.sepbits)) & sh.linebits) == sh.linebits &&
			    p[sh.dpos] <= '2') {
				__m128i y = _mm_and_si128(_mm_set_epi64x((long long)load8(p + sh.a0 + 2),
				    (long long)load8(p)), low4);
				__m128d tv;
				int d = p[sh.dpos] - '0';

				y = _mm_sllv_epi64(y, sh.shift);
				y = _mm_madd_epi16(_mm_maddubs_epi16(y, by10), by100);
				y = _mm_add_epi64(_mm_mul_epu32(y, by10000), _mm_srli_epi64(y, 32));
				tv = _mm_cvtepi32_pd(_mm_shuffle_epi32(y, _MM_SHUFFLE(2, 0, 2, 0)));
				p += sh.len + 1;
				++ln;
				if (add_point(r, _mm_cvtsd_f64(tv), _mm_cvtsd_f64(_mm_unpackhi_pd(tv, tv)),
				    d)) {
					stop = 1;
					break;
				}
				continue;
			}
		}
		/* Read from memory in each turn: the calls of the slow way
		 * would cost them their registers anyway. */
		const __m256i zero = _mm256_load_si256(&ascii[0]), nine = _mm256_load_si256(&ascii[1]);
		const __m256i cm = _mm256_load_si256(&ascii[2]), sp = _mm256_load_si256(&ascii[3]);
		__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)p);
		__m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(p + 1));
		__m256i dz = _mm256_sub_epi8(x, zero);
		/* Bits 32 to 63 are no digit and no ", ", which the line,
		 * shorter than 32 bytes, never reaches. */
		uint64_t nd = (uint32_t)~_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(dz,
		    nine), dz)) | UINT64_C(0xffffffff00000000);
		uint64_t q = (uint32_t)_mm256_movemask_epi8(_mm256_and_si256(_mm256_cmpeq_epi8(x, cm),
		    _mm256_cmpeq_epi8(y, sp)));
		uint64_t odd = nd & ~(q | q << 1), cs[6];
		size_t e = (size_t)__builtin_ctzll(odd);	/* odd has bit 32 */
		const char *fast, *nl;
		double t, v;
		int n = 0, d;

		if (e < 32 && p[e] == '\n' && points_line(p, e, nd, q, &t, &v, &d)) {
			learn_shape(&sh, p, e, nd, q);
			p += e + 1;
			++ln;
			if (add_point(r, t, v, d)) {
				stop = 1;
				break;
			}
			continue;
		}
		/* As scan_line and take_line read it. */
		fast = int_line_fast(p, cs, &n);
		nl = fast != NULL ? fast : memchr(p, '\n', (size_t)(last - p) + 1);
		++ln;
		if (fast == NULL || (size_t)(nl - p) > EB_MAX_LINE ?
		    eb_fio_range_slow_line(r, p, nl, ln, ln == 1 ? bom : 0) :
		    add_point(r, (double)(int64_t)cs[0], (double)(int64_t)cs[1], (int)cs[2])) {
			stop = 1;
			break;
		}
		p = nl + 1;
	}
	*lineno = ln;
	return stop;
}

int
eb_fio_have_avx2(void)
{
	static int avx2 = -1;

	if (avx2 < 0) {
		__builtin_cpu_init();
		avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
		    __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
	}
	return avx2;
}
#endif
