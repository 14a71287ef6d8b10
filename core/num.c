/* num.c - numbers read and written without the process locale, so that a
 * German decimal comma parses and results.csv always uses a dot. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eb.h"

/* Both directions convert exactly with 64 x 64 -> 128-bit products where
 * the compiler has them, and leave every case they cannot decide to
 * strtod and printf, which are exact but take a microsecond a number: a
 * million-row results.csv spent a third of its time in them. */
#ifdef __SIZEOF_INT128__
#define HAVE_U128 1
__extension__ typedef unsigned __int128 u128;
#endif

static int
isdig(char c)
{
	return c >= '0' && c <= '9';
}

/* ---- decimal to double */

#ifdef HAVE_U128
#define POW10_MIN (-64)
#define POW10_MAX 64

/* 10^e as the 128 leading bits of its binary expansion, rounded down,
 * for POW10_MIN <= e <= POW10_MAX; exact for 0 <= e <= 55. Generated with
 * Python's integers:
 *   m = 10**e << (128 - (10**e).bit_length())             for e >= 0
 *   m = (1 << (127 + (10**-e).bit_length())) // 10**-e    for e < 0
 * (the same values as the wider table of Go's strconv). */
static const uint64_t pow10_m128[POW10_MAX - POW10_MIN + 1][2] = {
	{ 0xA87FEA27A539E9A5, 0x3F2398D747B36224 },	/* 1e-64 */
	{ 0xD29FE4B18E88640E, 0x8EEC7F0D19A03AAD },	/* 1e-63 */
	{ 0x83A3EEEEF9153E89, 0x1953CF68300424AC },	/* 1e-62 */
	{ 0xA48CEAAAB75A8E2B, 0x5FA8C3423C052DD7 },	/* 1e-61 */
	{ 0xCDB02555653131B6, 0x3792F412CB06794D },	/* 1e-60 */
	{ 0x808E17555F3EBF11, 0xE2BBD88BBEE40BD0 },	/* 1e-59 */
	{ 0xA0B19D2AB70E6ED6, 0x5B6ACEAEAE9D0EC4 },	/* 1e-58 */
	{ 0xC8DE047564D20A8B, 0xF245825A5A445275 },	/* 1e-57 */
	{ 0xFB158592BE068D2E, 0xEED6E2F0F0D56712 },	/* 1e-56 */
	{ 0x9CED737BB6C4183D, 0x55464DD69685606B },	/* 1e-55 */
	{ 0xC428D05AA4751E4C, 0xAA97E14C3C26B886 },	/* 1e-54 */
	{ 0xF53304714D9265DF, 0xD53DD99F4B3066A8 },	/* 1e-53 */
	{ 0x993FE2C6D07B7FAB, 0xE546A8038EFE4029 },	/* 1e-52 */
	{ 0xBF8FDB78849A5F96, 0xDE98520472BDD033 },	/* 1e-51 */
	{ 0xEF73D256A5C0F77C, 0x963E66858F6D4440 },	/* 1e-50 */
	{ 0x95A8637627989AAD, 0xDDE7001379A44AA8 },	/* 1e-49 */
	{ 0xBB127C53B17EC159, 0x5560C018580D5D52 },	/* 1e-48 */
	{ 0xE9D71B689DDE71AF, 0xAAB8F01E6E10B4A6 },	/* 1e-47 */
	{ 0x9226712162AB070D, 0xCAB3961304CA70E8 },	/* 1e-46 */
	{ 0xB6B00D69BB55C8D1, 0x3D607B97C5FD0D22 },	/* 1e-45 */
	{ 0xE45C10C42A2B3B05, 0x8CB89A7DB77C506A },	/* 1e-44 */
	{ 0x8EB98A7A9A5B04E3, 0x77F3608E92ADB242 },	/* 1e-43 */
	{ 0xB267ED1940F1C61C, 0x55F038B237591ED3 },	/* 1e-42 */
	{ 0xDF01E85F912E37A3, 0x6B6C46DEC52F6688 },	/* 1e-41 */
	{ 0x8B61313BBABCE2C6, 0x2323AC4B3B3DA015 },	/* 1e-40 */
	{ 0xAE397D8AA96C1B77, 0xABEC975E0A0D081A },	/* 1e-39 */
	{ 0xD9C7DCED53C72255, 0x96E7BD358C904A21 },	/* 1e-38 */
	{ 0x881CEA14545C7575, 0x7E50D64177DA2E54 },	/* 1e-37 */
	{ 0xAA242499697392D2, 0xDDE50BD1D5D0B9E9 },	/* 1e-36 */
	{ 0xD4AD2DBFC3D07787, 0x955E4EC64B44E864 },	/* 1e-35 */
	{ 0x84EC3C97DA624AB4, 0xBD5AF13BEF0B113E },	/* 1e-34 */
	{ 0xA6274BBDD0FADD61, 0xECB1AD8AEACDD58E },	/* 1e-33 */
	{ 0xCFB11EAD453994BA, 0x67DE18EDA5814AF2 },	/* 1e-32 */
	{ 0x81CEB32C4B43FCF4, 0x80EACF948770CED7 },	/* 1e-31 */
	{ 0xA2425FF75E14FC31, 0xA1258379A94D028D },	/* 1e-30 */
	{ 0xCAD2F7F5359A3B3E, 0x096EE45813A04330 },	/* 1e-29 */
	{ 0xFD87B5F28300CA0D, 0x8BCA9D6E188853FC },	/* 1e-28 */
	{ 0x9E74D1B791E07E48, 0x775EA264CF55347D },	/* 1e-27 */
	{ 0xC612062576589DDA, 0x95364AFE032A819D },	/* 1e-26 */
	{ 0xF79687AED3EEC551, 0x3A83DDBD83F52204 },	/* 1e-25 */
	{ 0x9ABE14CD44753B52, 0xC4926A9672793542 },	/* 1e-24 */
	{ 0xC16D9A0095928A27, 0x75B7053C0F178293 },	/* 1e-23 */
	{ 0xF1C90080BAF72CB1, 0x5324C68B12DD6338 },	/* 1e-22 */
	{ 0x971DA05074DA7BEE, 0xD3F6FC16EBCA5E03 },	/* 1e-21 */
	{ 0xBCE5086492111AEA, 0x88F4BB1CA6BCF584 },	/* 1e-20 */
	{ 0xEC1E4A7DB69561A5, 0x2B31E9E3D06C32E5 },	/* 1e-19 */
	{ 0x9392EE8E921D5D07, 0x3AFF322E62439FCF },	/* 1e-18 */
	{ 0xB877AA3236A4B449, 0x09BEFEB9FAD487C2 },	/* 1e-17 */
	{ 0xE69594BEC44DE15B, 0x4C2EBE687989A9B3 },	/* 1e-16 */
	{ 0x901D7CF73AB0ACD9, 0x0F9D37014BF60A10 },	/* 1e-15 */
	{ 0xB424DC35095CD80F, 0x538484C19EF38C94 },	/* 1e-14 */
	{ 0xE12E13424BB40E13, 0x2865A5F206B06FB9 },	/* 1e-13 */
	{ 0x8CBCCC096F5088CB, 0xF93F87B7442E45D3 },	/* 1e-12 */
	{ 0xAFEBFF0BCB24AAFE, 0xF78F69A51539D748 },	/* 1e-11 */
	{ 0xDBE6FECEBDEDD5BE, 0xB573440E5A884D1B },	/* 1e-10 */
	{ 0x89705F4136B4A597, 0x31680A88F8953030 },	/* 1e-9 */
	{ 0xABCC77118461CEFC, 0xFDC20D2B36BA7C3D },	/* 1e-8 */
	{ 0xD6BF94D5E57A42BC, 0x3D32907604691B4C },	/* 1e-7 */
	{ 0x8637BD05AF6C69B5, 0xA63F9A49C2C1B10F },	/* 1e-6 */
	{ 0xA7C5AC471B478423, 0x0FCF80DC33721D53 },	/* 1e-5 */
	{ 0xD1B71758E219652B, 0xD3C36113404EA4A8 },	/* 1e-4 */
	{ 0x83126E978D4FDF3B, 0x645A1CAC083126E9 },	/* 1e-3 */
	{ 0xA3D70A3D70A3D70A, 0x3D70A3D70A3D70A3 },	/* 1e-2 */
	{ 0xCCCCCCCCCCCCCCCC, 0xCCCCCCCCCCCCCCCC },	/* 1e-1 */
	{ 0x8000000000000000, 0x0000000000000000 },	/* 1e0 */
	{ 0xA000000000000000, 0x0000000000000000 },	/* 1e1 */
	{ 0xC800000000000000, 0x0000000000000000 },	/* 1e2 */
	{ 0xFA00000000000000, 0x0000000000000000 },	/* 1e3 */
	{ 0x9C40000000000000, 0x0000000000000000 },	/* 1e4 */
	{ 0xC350000000000000, 0x0000000000000000 },	/* 1e5 */
	{ 0xF424000000000000, 0x0000000000000000 },	/* 1e6 */
	{ 0x9896800000000000, 0x0000000000000000 },	/* 1e7 */
	{ 0xBEBC200000000000, 0x0000000000000000 },	/* 1e8 */
	{ 0xEE6B280000000000, 0x0000000000000000 },	/* 1e9 */
	{ 0x9502F90000000000, 0x0000000000000000 },	/* 1e10 */
	{ 0xBA43B74000000000, 0x0000000000000000 },	/* 1e11 */
	{ 0xE8D4A51000000000, 0x0000000000000000 },	/* 1e12 */
	{ 0x9184E72A00000000, 0x0000000000000000 },	/* 1e13 */
	{ 0xB5E620F480000000, 0x0000000000000000 },	/* 1e14 */
	{ 0xE35FA931A0000000, 0x0000000000000000 },	/* 1e15 */
	{ 0x8E1BC9BF04000000, 0x0000000000000000 },	/* 1e16 */
	{ 0xB1A2BC2EC5000000, 0x0000000000000000 },	/* 1e17 */
	{ 0xDE0B6B3A76400000, 0x0000000000000000 },	/* 1e18 */
	{ 0x8AC7230489E80000, 0x0000000000000000 },	/* 1e19 */
	{ 0xAD78EBC5AC620000, 0x0000000000000000 },	/* 1e20 */
	{ 0xD8D726B7177A8000, 0x0000000000000000 },	/* 1e21 */
	{ 0x878678326EAC9000, 0x0000000000000000 },	/* 1e22 */
	{ 0xA968163F0A57B400, 0x0000000000000000 },	/* 1e23 */
	{ 0xD3C21BCECCEDA100, 0x0000000000000000 },	/* 1e24 */
	{ 0x84595161401484A0, 0x0000000000000000 },	/* 1e25 */
	{ 0xA56FA5B99019A5C8, 0x0000000000000000 },	/* 1e26 */
	{ 0xCECB8F27F4200F3A, 0x0000000000000000 },	/* 1e27 */
	{ 0x813F3978F8940984, 0x4000000000000000 },	/* 1e28 */
	{ 0xA18F07D736B90BE5, 0x5000000000000000 },	/* 1e29 */
	{ 0xC9F2C9CD04674EDE, 0xA400000000000000 },	/* 1e30 */
	{ 0xFC6F7C4045812296, 0x4D00000000000000 },	/* 1e31 */
	{ 0x9DC5ADA82B70B59D, 0xF020000000000000 },	/* 1e32 */
	{ 0xC5371912364CE305, 0x6C28000000000000 },	/* 1e33 */
	{ 0xF684DF56C3E01BC6, 0xC732000000000000 },	/* 1e34 */
	{ 0x9A130B963A6C115C, 0x3C7F400000000000 },	/* 1e35 */
	{ 0xC097CE7BC90715B3, 0x4B9F100000000000 },	/* 1e36 */
	{ 0xF0BDC21ABB48DB20, 0x1E86D40000000000 },	/* 1e37 */
	{ 0x96769950B50D88F4, 0x1314448000000000 },	/* 1e38 */
	{ 0xBC143FA4E250EB31, 0x17D955A000000000 },	/* 1e39 */
	{ 0xEB194F8E1AE525FD, 0x5DCFAB0800000000 },	/* 1e40 */
	{ 0x92EFD1B8D0CF37BE, 0x5AA1CAE500000000 },	/* 1e41 */
	{ 0xB7ABC627050305AD, 0xF14A3D9E40000000 },	/* 1e42 */
	{ 0xE596B7B0C643C719, 0x6D9CCD05D0000000 },	/* 1e43 */
	{ 0x8F7E32CE7BEA5C6F, 0xE4820023A2000000 },	/* 1e44 */
	{ 0xB35DBF821AE4F38B, 0xDDA2802C8A800000 },	/* 1e45 */
	{ 0xE0352F62A19E306E, 0xD50B2037AD200000 },	/* 1e46 */
	{ 0x8C213D9DA502DE45, 0x4526F422CC340000 },	/* 1e47 */
	{ 0xAF298D050E4395D6, 0x9670B12B7F410000 },	/* 1e48 */
	{ 0xDAF3F04651D47B4C, 0x3C0CDD765F114000 },	/* 1e49 */
	{ 0x88D8762BF324CD0F, 0xA5880A69FB6AC800 },	/* 1e50 */
	{ 0xAB0E93B6EFEE0053, 0x8EEA0D047A457A00 },	/* 1e51 */
	{ 0xD5D238A4ABE98068, 0x72A4904598D6D880 },	/* 1e52 */
	{ 0x85A36366EB71F041, 0x47A6DA2B7F864750 },	/* 1e53 */
	{ 0xA70C3C40A64E6C51, 0x999090B65F67D924 },	/* 1e54 */
	{ 0xD0CF4B50CFE20765, 0xFFF4B4E3F741CF6D },	/* 1e55 */
	{ 0x82818F1281ED449F, 0xBFF8F10E7A8921A4 },	/* 1e56 */
	{ 0xA321F2D7226895C7, 0xAFF72D52192B6A0D },	/* 1e57 */
	{ 0xCBEA6F8CEB02BB39, 0x9BF4F8A69F764490 },	/* 1e58 */
	{ 0xFEE50B7025C36A08, 0x02F236D04753D5B4 },	/* 1e59 */
	{ 0x9F4F2726179A2245, 0x01D762422C946590 },	/* 1e60 */
	{ 0xC722F0EF9D80AAD6, 0x424D3AD2B7B97EF5 },	/* 1e61 */
	{ 0xF8EBAD2B84E0D58B, 0xD2E0898765A7DEB2 },	/* 1e62 */
	{ 0x9B934C3B330C8577, 0x63CC55F49F88EB2F },	/* 1e63 */
	{ 0xC2781F49FFCFA6D5, 0x3CBF6B71C76B25FB },	/* 1e64 */
};

/* floor(e * log2(10)) for |e| <= 347, as Eisel and Lemire compute it. */
static int
floor_log2_pow10(int e)
{
	long q = 217706L * e;

	return (int)(q >= 0 ? q / 65536 : -((-q + 65535) / 65536));
}

/* man x 10^e10 correctly rounded to a double, by Eisel and Lemire's
 * algorithm (Lemire, "Number parsing at a gigabyte per second", 2021, as
 * Nigel Tao describes it for Wuffs and Go): the product of the mantissa with
 * a truncated 128-bit power of ten decides the rounding unless its low bits
 * sit too close to a rounding boundary, which the algorithm detects. Returns
 * 0, leaving *out alone, in those cases and outside the table's range and
 * the normal doubles. */
static int
eisel_lemire(uint64_t man, int e10, int neg, double *out)
{
	const uint64_t *pw;
	uint64_t hi, lo, mant, bits;
	long exp2;
	int clz, msb;
	u128 x;

	if (man == 0) {
		*out = neg ? -0.0 : 0.0;
		return 1;
	}
	if (e10 < POW10_MIN || e10 > POW10_MAX)
		return 0;
	pw = pow10_m128[e10 - POW10_MIN];
	clz = __builtin_clzll(man);
	man <<= clz;
	exp2 = (long)floor_log2_pow10(e10) + 64 + 1023 - clz;
	x = (u128)man * pw[0];
	hi = (uint64_t)(x >> 64);
	lo = (uint64_t)x;
	/* The 64 bits of the power's low half can only matter when the
	 * nine bits below the result's 54 are all ones. */
	if ((hi & 0x1FF) == 0x1FF && lo + man < man) {
		u128 y = (u128)man * pw[1];
		uint64_t yhi = (uint64_t)(y >> 64), ylo = (uint64_t)y;
		uint64_t mlo = lo + yhi, mhi = hi + (mlo < lo);

		if ((mhi & 0x1FF) == 0x1FF && mlo + 1 == 0 && ylo + man < man)
			return 0;
		hi = mhi;
		lo = mlo;
	}
	msb = (int)(hi >> 63);
	mant = hi >> (msb + 9);
	exp2 -= 1 ^ msb;
	/* Exactly halfway between two doubles: ties-to-even needs the exact
	 * value, which the truncated power does not give. */
	if (lo == 0 && (hi & 0x1FF) == 0 && (mant & 3) == 1)
		return 0;
	mant += mant & 1;
	mant >>= 1;
	if (mant >> 53) {
		mant >>= 1;
		exp2++;
	}
	if (exp2 <= 0 || exp2 >= 0x7FF)
		return 0;
	bits = (uint64_t)exp2 << 52 | (mant & ((1ULL << 52) - 1));
	if (neg)
		bits |= 1ULL << 63;
	memcpy(out, &bits, sizeof *out);
	return 1;
}
#endif

/* The digits of a number as an integer and a power of ten, while they fit
 * in 19 digits; more than that are left to strtod. */
struct decimal {
	uint64_t man;
	int e10;
	int ndigits;	/* significant digits in man */
	int inexact;	/* more digits than man holds */
};

static void
decimal_digit(struct decimal *d, char c, int fraction)
{
	if (d->man == 0 && c == '0') {
		d->e10 -= fraction;
		return;
	}
	if (d->ndigits == 19) {
		d->inexact = 1;
		return;
	}
	d->man = d->man * 10 + (uint64_t)(c - '0');
	d->ndigits++;
	d->e10 -= fraction;
}

#if defined(HAVE_U128) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ONES8 0x0101010101010101u

/* The bytes s[i, i + 8) as a little-endian word, those at n and beyond
 * read as zero bytes (which are no digits); never a byte outside s[0, n). */
static uint64_t
load8(const char *s, size_t n, size_t i)
{
	uint64_t w = 0;

	if (i + 8 <= n)
		memcpy(&w, s + i, 8);
	else if (n >= 8 && i < n) {
		memcpy(&w, s + n - 8, 8);
		w >>= (8 - (n - i)) * 8;
	} else if (i < n)
		memcpy(&w, s + i, n - i);
	return w;
}

/* How many of the bytes of w, from the lowest, are decimal digits before
 * the first that is not, up to 8. A digit is a byte whose high nibble is 3
 * both as it is and with 6 added; no digit carries into the next byte, so
 * the first byte flagged is the first that is no digit, whatever is
 * flagged after it. */
static unsigned
digits_in(uint64_t w)
{
	uint64_t high = 0xF0 * ONES8, threes = 0x30 * ONES8;
	uint64_t bad = ((w & high) ^ threes) | (((w + 6 * ONES8) & high) ^ threes);

	return bad == 0 ? 8 : (unsigned)__builtin_ctzll(bad) / 8;
}

/* The value of the first d digits of w (1 <= d <= 8), the first the lowest
 * byte: shifted to the top over zeros, which are leading zeros, then summed
 * in pairs, fours and eight. */
static uint64_t
digits_value(uint64_t w, unsigned d)
{
	w = (w - 0x30 * ONES8) << ((8 - d) * 8);
	w = w * 10 + (w >> 8);
	w = ((w & 0x000000FF000000FFu) * (100 + (1000000ULL << 32)) +
	    ((w >> 16) & 0x000000FF000000FFu) * (1 + (10000ULL << 32))) >> 32;
	return (uint32_t)w;
}

/* The digits of s[i, n) from i on, at most room of them, added to *man;
 * returns how many there were. Eight bytes at a time, with no branch per
 * digit: a value's runs of digits vary in length, and a loop over them
 * mispredicts at the end of each. */
static size_t
digit_run(const char *s, size_t n, size_t i, size_t room, uint64_t *man)
{
	static const uint64_t scale8[9] = {
		1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
	};
	uint64_t m = *man;
	size_t k = 0;

	for (;;) {
		uint64_t w = load8(s, n, i + k);
		unsigned d = digits_in(w);

		if (d > room - k)
			d = (unsigned)(room - k);
		if (d == 0)
			break;
		m = m * scale8[d] + digits_value(w, d);
		k += d;
		if (d < 8)
			break;
	}
	*man = m;
	return k;
}

/* A number that is all of s[0, n): an optional sign, digits and perhaps a
 * point (or comma) and more digits, 19 digits in all at most, which is how
 * nearly every value of results.csv is spelt. Its integer and power of ten
 * are those the general reading below makes of it (leading zeros add
 * nothing to the integer, and each digit after the point is one power of
 * ten down), without its checks of each digit; 0 for any other spelling,
 * and for a number that Eisel and Lemire's algorithm cannot decide. */
static int
parse_short(const char *s, size_t n, double *out)
{
	size_t i = 0, count = 0, whole;
	uint64_t man = 0;
	int neg = 0;

	if (i < n && (s[i] == '-' || s[i] == '+')) {
		neg = s[i] == '-';
		i++;
	}
	whole = digit_run(s, n, i, 19, &man);
	i += whole;
	count = whole;
	if (i + 1 < n && (s[i] == '.' || s[i] == ',') && isdig(s[i + 1])) {
		size_t k = digit_run(s, n, i + 1, 19 - count, &man);

		i += 1 + k;
		count += k;
	}
	if (i != n || count == 0)
		return 0;
	return eisel_lemire(man, -(int)(count - whole), neg, out);
}
#define HAVE_PARSE_SHORT 1
#endif

size_t
eb_parse_number(const char *s, size_t n, double *out)
{
	char tmp[80];
	size_t i = 0, k = 0, digits = 0, point = n;
	struct decimal d = { 0, 0, 0, 0 };
	int neg = 0;

#ifdef HAVE_PARSE_SHORT
	if (parse_short(s, n, out))
		return n;
#endif
	/* k counts what strtod would be handed: sign, digits and point, up
	 * to the buffer's room. */
	if (i < n && (s[i] == '-' || s[i] == '+')) {
		neg = s[i] == '-';
		i++;
		k++;
	}
	while (i < n && isdig(s[i]) && k < sizeof tmp - 8) {
		decimal_digit(&d, s[i++], 0);
		k++;
		digits++;
	}
	if (i + 1 < n && (s[i] == '.' || s[i] == ',') && isdig(s[i + 1])) {
		point = i++;
		k++;
		while (i < n && isdig(s[i]) && k < sizeof tmp - 8) {
			decimal_digit(&d, s[i++], 1);
			k++;
			digits++;
		}
	}
	if (digits == 0)
		return 0;
	if (i + 1 < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t j = i + 1, e = 0;
		int eneg = 0, ev = 0;

		if (j < n && (s[j] == '-' || s[j] == '+'))
			eneg = s[j++] == '-';
		while (j < n && isdig(s[j]) && e < 4) {
			ev = ev * 10 + (s[j] - '0');
			j++;
			e++;
		}
		if (e > 0 && !(j < n && isdig(s[j]))) {
			i = j;
			d.e10 += eneg ? -ev : ev;
		}
	}
	/* Digits beyond the buffer mean a number no benchmark prints. */
	if (i < n && isdig(s[i]))
		return 0;
#ifdef HAVE_U128
	if (!d.inexact && eisel_lemire(d.man, d.e10, neg, out))
		return i;
#endif
	/* strtod reads the same text with a point, whatever the locale. */
	memcpy(tmp, s, i);
	if (point < i)
		tmp[point] = '.';
	tmp[i] = '\0';
	*out = strtod(tmp, NULL);
	return i;
}

/* ---- double to decimal */

/* What printf's %.{prec}g prints: the shortest of 15, 16 and 17 digits
 * that reads back as v. */
static void
format_printf(char *buf, size_t n, double v)
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, n, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

#ifdef HAVE_U128
static const uint64_t pow5[28] = {
	1ULL, 5ULL, 25ULL, 125ULL, 625ULL, 3125ULL, 15625ULL, 78125ULL,
	390625ULL, 1953125ULL, 9765625ULL, 48828125ULL, 244140625ULL,
	1220703125ULL, 6103515625ULL, 30517578125ULL, 152587890625ULL,
	762939453125ULL, 3814697265625ULL, 19073486328125ULL,
	95367431640625ULL, 476837158203125ULL, 2384185791015625ULL,
	11920928955078125ULL, 59604644775390625ULL, 298023223876953125ULL,
	1490116119384765625ULL, 7450580596923828125ULL,
};

static const uint64_t pow10_u64[18] = {
	1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
	10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
	100000000000ULL, 1000000000000ULL, 10000000000000ULL,
	100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
	100000000000000000ULL,
};

/* m x 2^e2 x 10^k rounded to an integer, ties to even, as printf rounds;
 * exact, since m x 5^k fits in 116 bits for k <= 27. With floor set it is
 * rounded down instead. Returns 0 when the result would not fit 64 bits. */
static int
scale(uint64_t m, int e2, int k, int floor, uint64_t *out)
{
	u128 p;
	int s;

	if (k < 0 || k > 27)
		return 0;
	p = (u128)m * pow5[k];
	s = k + e2;
	if (s >= 0) {
		if (s >= 64 || (p >> (64 - s)) != 0)
			return 0;
		*out = (uint64_t)(p << s);
	} else {
		int sh = -s;
		u128 q, r, half;

		if (sh >= 127)
			return 0;
		q = p >> sh;
		r = p - (q << sh);
		half = (u128)1 << (sh - 1);
		if (!floor && (r > half || (r == half && (q & 1))))
			q++;
		if (q >> 64)
			return 0;
		*out = (uint64_t)q;
	}
	return 1;
}

/* The digits of prec significant digits of |v| as printf's %g lays them
 * out: fixed when -4 <= exponent < prec, else exponential; trailing zeros
 * and a bare decimal point dropped. */
static void
layout_g(char *buf, int neg, uint64_t digits, int prec, int x)
{
	char d[20];
	int nd = prec, i;
	char *p = buf;

	for (i = prec - 1; i >= 0; i--) {
		d[i] = (char)('0' + digits % 10);
		digits /= 10;
	}
	while (nd > 1 && d[nd - 1] == '0')
		nd--;
	if (neg)
		*p++ = '-';
	if (x < -4 || x >= prec) {
		int ex = x < 0 ? -x : x;

		*p++ = d[0];
		if (nd > 1) {
			*p++ = '.';
			memcpy(p, d + 1, (size_t)nd - 1);
			p += nd - 1;
		}
		*p++ = 'e';
		*p++ = x < 0 ? '-' : '+';
		if (ex >= 100)
			*p++ = (char)('0' + ex / 100);
		*p++ = (char)('0' + ex / 10 % 10);
		*p++ = (char)('0' + ex % 10);
	} else if (x >= 0) {
		memcpy(p, d, (size_t)x + 1);
		p += x + 1;
		if (nd > x + 1) {
			*p++ = '.';
			memcpy(p, d + x + 1, (size_t)(nd - x - 1));
			p += nd - x - 1;
		}
	} else {
		*p++ = '0';
		*p++ = '.';
		for (i = 0; i < -x - 1; i++)
			*p++ = '0';
		memcpy(p, d, (size_t)nd);
		p += nd;
	}
	*p = '\0';
}

/* eb_format_double without printf for doubles from 1e-11 to 1e15, the
 * range of every mean, ratio and percentage: their digits come exactly
 * from integer arithmetic. Returns 0 for the rest. */
static int
format_exact(char *buf, size_t n, double v)
{
	uint64_t bits, m, f;
	int e2, x, neg;

	if (n < 32 || !(fabs(v) >= 1e-11 && fabs(v) < 1e15))
		return 0;
	memcpy(&bits, &v, sizeof bits);
	neg = (int)(bits >> 63);
	m = (bits & ((1ULL << 52) - 1)) | 1ULL << 52;
	e2 = (int)(bits >> 52 & 0x7FF) - 1075;
	/* The decimal exponent: log10 may be one off next to a power of ten,
	 * the integer floor of |v| x 10^(16 - x) is not. */
	x = (int)floor(log10(fabs(v)));
	for (int tries = 0; ; tries++) {
		if (tries == 2 || !scale(m, e2, 16 - x, 1, &f))
			return 0;
		if (f < pow10_u64[16])
			x--;
		else if (f >= pow10_u64[17])
			x++;
		else
			break;
	}
	for (int prec = 15; prec <= 17; prec++) {
		uint64_t digits;
		int xr = x;
		double back;

		if (!scale(m, e2, prec - 1 - x, 0, &digits))
			return 0;
		/* Rounding up to 10^prec moves the point: 9.99...e5 -> 1e6. */
		if (digits == pow10_u64[prec]) {
			digits = pow10_u64[prec - 1];
			xr++;
		}
		if (prec < 17) {
			/* Where Eisel-Lemire cannot decide, strtod reads the
			 * text back. */
			if (!eisel_lemire(digits, xr - prec + 1, neg, &back)) {
				layout_g(buf, neg, digits, prec, xr);
				back = strtod(buf, NULL);
			}
			if (back != v)
				continue;
		}
		layout_g(buf, neg, digits, prec, xr);
		return 1;
	}
	return 1;
}
#endif

void
eb_format_double(char *buf, size_t n, double v)
{
#ifdef HAVE_U128
	if (format_exact(buf, n, v))
		return;
#endif
	format_printf(buf, n, v);
}
