/* test_num.c - decimal to double and back: the exact fast paths of num.c
 * must give strtod's and printf's results bit for bit. */
#include <stdint.h>

#include "testutil.h"

/* A fixed xorshift sequence, so that every run checks the same numbers. */
static uint64_t
next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void
parses_as_strtod(const char *s)
{
	double got = 1234, want = strtod(s, NULL);

	assert_int_equal(eb_parse_number(s, strlen(s), &got), strlen(s));
	if (memcmp(&got, &want, sizeof got) != 0)
		fail_msg("'%s' parsed as %a, strtod gives %a", s, got, want);
}

static void
test_parse_hard_cases(void **state)
{
	static const struct {
		const char *s;
		double v;
	} cases[] = {
		{ "0.1", 0x1.999999999999ap-4 },
		{ "1e23", 0x1.52d02c7e14af6p+76 },
		{ "2.2250738585072014e-308", 0x1p-1022 },
		/* 2^53 + 1 and 2^53 + 3: halfway, ties go to the even 2^53 and
		 * 2^53 + 4 */
		{ "9007199254740993", 0x1p+53 },
		{ "9007199254740995", 0x1.0000000000002p+53 },
		{ "1617405047.395444", 0x1.819e91dd94ef4p+30 },
		{ "403093597.9729596", 403093597.9729596 },
		{ "0.30000000000000004", 0x1.3333333333334p-2 },
		{ "4,17328", 4.17328 },
		{ "-0.00012345678901234567", -0x1.02e85be180b74p-13 },
		{ "18446744073709551615", 0x1p+64 },
		/* more than 19 digits and exponents outside the table: strtod */
		{ "123456789012345678901234567890", 0x1.8ee90ff6c373ep+96 },
		/* 1 + 2^-53, halfway between 1 and the next double: ties to even */
		{ "1.00000000000000011102230246251565404236316680908203125", 0x1p+0 },
		{ "1e65", 1e65 },
		{ "1e-300", 1e-300 },
		{ "4.9e-324", 0x0.0000000000001p-1022 },
		{ "1.7976931348623157e308", 0x1.fffffffffffffp+1023 },
	};
	double v;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t n = strlen(cases[i].s);

		assert_int_equal(eb_parse_number(cases[i].s, n, &v), n);
		if (v != cases[i].v)
			fail_msg("'%s' parsed as %a, not %a", cases[i].s, v, cases[i].v);
		if (strchr(cases[i].s, ',') == NULL)
			parses_as_strtod(cases[i].s);
	}
	assert_int_equal(eb_parse_number("-0", 2, &v), 2);
	assert_true(v == 0 && signbit(v));
	assert_int_equal(eb_parse_number("0.000e5", 7, &v), 7);
	assert_true(v == 0 && !signbit(v));
}

/* eb_parse_number(s, n) reads want bytes of s, and their value is
 * strtod's of them (a decimal comma read as a point). */
static void
parses_prefix_n(const char *s, size_t n, size_t want)
{
	char copy[80];
	double got = 1234, expect;

	assert_int_equal(eb_parse_number(s, n, &got), want);
	snprintf(copy, sizeof copy, "%.*s", (int)want, s);
	if (strchr(copy, ',') != NULL)
		*strchr(copy, ',') = '.';
	expect = strtod(copy, NULL);
	if (memcmp(&got, &expect, sizeof got) != 0)
		fail_msg("'%s' parsed as %a, strtod gives %a", s, got, expect);
}

static void
parses_prefix(const char *s, size_t want)
{
	parses_prefix_n(s, strlen(s), want);
}

/* The short path reads a number that is all digits and a point, eight
 * bytes at a time: runs that end inside a word, words that end at the
 * string's end, strings shorter than a word, and every spelling it leaves
 * to the general reading, which reads as much as it did before. */
static void
test_parse_short_spellings(void **state)
{
	static const struct {
		const char *s;
		size_t len;
	} cases[] = {
		{ "7", 1 }, { "1234567", 7 }, { "12345678", 8 }, { "123456789", 9 },
		{ "1234567890123456", 16 }, { "1234567890123456789", 19 },
		{ "12345678901234567890", 20 }, { "0000000000000000000001", 22 },
		{ "00000000.00000000000000001", 26 }, { "489656307.9259635", 17 },
		{ "847586.3032002954", 17 }, { "1.2345678", 9 }, { "12345678.12345678", 17 },
		{ "-1234567.8", 10 }, { "+12345678", 9 }, { ".5", 2 }, { "-.25", 4 },
		{ "4,5", 3 }, { "-0.0", 4 }, { "99999999999999999.9", 19 },
		/* read in part: a point without digits, a byte just past '9' or
		 * just before '0' in each place of a word, an exponent */
		{ "12.", 2 }, { "1234567:", 7 }, { "12345678/", 8 }, { "123:5678", 3 },
		{ "1234567/1", 7 }, { "1.5.5", 3 }, { "12345678.1234567:9", 16 },
		{ "1e5", 3 }, { "1.5E-3", 6 }, { "2 ", 1 }, { "3,", 1 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		parses_prefix(cases[i].s, cases[i].len);
	/* no digit at all */
	assert_int_equal(eb_parse_number("-", 1, &(double){ 0 }), 0);
	assert_int_equal(eb_parse_number(".", 1, &(double){ 0 }), 0);
	assert_int_equal(eb_parse_number(":12345678", 9, &(double){ 0 }), 0);
	/* Bytes past n are never read as digits: "12" of "123", ten digits
	 * of twelve. */
	parses_prefix_n("123", 2, 2);
	parses_prefix_n("123456789012", 10, 10);
	parses_prefix_n("1.23456789012", 9, 9);
}

static void
test_parse_random(void **state)
{
	uint64_t seed = 88172645463325252ULL;
	char s[64];

	(void)state;
	for (int i = 0; i < 200000; i++) {
		uint64_t r = next_random(&seed);
		int ndigits = 1 + (int)(r % 22), point = (int)(r >> 8) % (ndigits + 1), k = 0;

		if ((r >> 16) % 4 == 0)
			s[k++] = '-';
		for (int j = 0; j < ndigits; j++) {
			if (j == point && j > 0)
				s[k++] = '.';
			s[k++] = (char)('0' + next_random(&seed) % 10);
		}
		if ((r >> 20) % 3 == 0)
			k += snprintf(s + k, sizeof s - (size_t)k, "e%d", (int)((r >> 24) % 160) - 80);
		s[k] = '\0';
		parses_as_strtod(s);
	}
	/* Odd 54-bit integers over powers of two: exactly halfway between
	 * two doubles, where only an exact method rounds right. */
	for (int i = 0; i < 100000; i++) {
		uint64_t mid = (next_random(&seed) >> 11 | 1ULL << 52) * 2 + 1;
		int k = (int)(next_random(&seed) % 8);

		for (int j = 0; j < k; j++)
			mid *= 5;
		snprintf(s, sizeof s, "%llue-%d", (unsigned long long)mid, k);
		parses_as_strtod(s);
	}
}

/* What eb_format_double printed before it had an exact path of its own. */
static void
format_by_printf(char *buf, size_t n, double v)
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, n, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

static void
test_format(void **state)
{
	static const struct {
		double v;
		const char *s;
	} cases[] = {
		{ 0.1, "0.1" },
		{ 1e23, "1e+23" },
		{ 0x1p+53, "9007199254740992" },
		{ 1e-5, "1e-05" },
		{ 0x1.4f8b588e368f2p-17, "1.0000000000000003e-05" },
		{ 123456.789, "123456.789" },
		{ 1e15, "1e+15" },
		{ 999999999999999.9, "999999999999999.9" },
		{ -0.00012345678901234567, "-0.00012345678901234567" },
		{ 1.5e-11, "1.5e-11" },
		{ 0.30000000000000004, "0.30000000000000004" },
		{ 2.0 / 3, "0.6666666666666666" },
		{ 1617405047.395444, "1617405047.395444" },
		{ -0.7362631787553697, "-0.7362631787553697" },
		{ 0x0.0000000000001p-1022, "4.94065645841247e-324" },
		{ 0, "0" },
	};
	char buf[40];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		eb_format_double(buf, sizeof buf, cases[i].v);
		assert_string_equal(buf, cases[i].s);
	}
}

static void
test_format_random(void **state)
{
	uint64_t seed = 1234567ULL, bits;
	char got[40], want[40];
	double v;

	(void)state;
	for (int i = 0; i < 300000; i++) {
		uint64_t r = next_random(&seed);

		switch (i % 4) {
		case 0:
			memcpy(&v, &r, sizeof v);
			break;
		case 1:
			v = ldexp((double)(r >> 11), -(int)(next_random(&seed) % 120));
			break;
		case 2:
			v = (double)(r % 100000000000ULL) / pow(10, (double)(next_random(&seed) % 25));
			break;
		default:
			/* Next to a power of ten, where the decimal exponent
			 * is easy to get wrong. */
			v = pow(10, (double)((int)(r % 40) - 15));
			v = nextafter(v, (r >> 8) & 1 ? 0 : INFINITY);
			break;
		}
		if (isnan(v) || isinf(v))
			continue;
		eb_format_double(got, sizeof got, v);
		format_by_printf(want, sizeof want, v);
		if (strcmp(got, want) != 0) {
			memcpy(&bits, &v, sizeof bits);
			fail_msg("%a (%016llx) formats as %s, printf as %s", v,
			    (unsigned long long)bits, got, want);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_hard_cases),
		cmocka_unit_test(test_parse_short_spellings),
		cmocka_unit_test(test_parse_random),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_format_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
