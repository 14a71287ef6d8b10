/* dd_figures.c - one dd summary line's figures checked against each other
 * (a byte count or time damaged by a flip contradicts the rate dd printed),
 * and how many digits its time carries. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dd.h"
#include "ingest.h"

/* Half of the last printed digit of the number at s ("0.0634979" 5e-8,
 * "2" 0.5, "7.0885e-05" 5e-9), the most its printing rounded it by. */
static double
half_digit(const char *s, size_t n)
{
	size_t i = 0;
	int decimals = 0, exponent = 0, eneg = 0;

	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i < n && (s[i] == '.' || s[i] == ','))
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			decimals++;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '-' || s[i] == '+'))
			eneg = s[i++] == '-';
		for (; i < n && s[i] >= '0' && s[i] <= '9' && exponent < 400; i++)
			exponent = exponent * 10 + (s[i] - '0');
	}
	return 0.5 * pow(10, (eneg ? -exponent : exponent) - decimals);
}

/* A size as dd prints it ("17 MB", "16 MiB", "1,1 GB", "264 MB/s" with
 * per_s; BusyBox "16.0MB"), read at *s and *s moved past it. Returns 0
 * when the text is no such size (a translated unit), else fills the
 * value, its rounding, its prefix and who printed it: GNU puts a space
 * before the unit, BusyBox none. */
struct human {
	double v, half;
	int power, iec, busybox;
};

static int
read_human(const char **s, int per_s, struct human *h)
{
	static const char prefixes[] = "kKMGTPEZY";
	const char *q = *s, *pfx;
	size_t used = eb_parse_number(q, strlen(q), &h->v);

	if (used == 0 || q[0] == '-' || q[0] == '+')
		return 0;
	h->half = half_digit(q, used);
	q += used;
	h->busybox = *q != ' ';
	while (*q == ' ')
		q++;
	h->power = 0;
	h->iec = 0;
	if (*q != '\0' && (pfx = strchr(prefixes, *q)) != NULL) {
		h->power = pfx == prefixes ? 1 : (int)(pfx - prefixes);
		q++;
		if (*q == 'i') {
			h->iec = 1;
			q++;
		}
	}
	if (*q != 'B')
		return 0;
	q++;
	if (per_s) {
		if (strncmp(q, "/s", 2) != 0)
			return 0;
		q += 2;
	}
	*s = q;
	return 1;
}

/* The bytes (or bytes per second) [*lo, *hi] that h stands for, as each
 * dd rounds:
 *   - GNU coreutils (human_readable of gnulib, every release with these
 *     sizes, 5.9x on): SI powers of 1000 unless the unit says "iB",
 *     rounded to the nearest in the last printed digit ("%.1f" below 10
 *     for sizes, below 100 for rates, else whole), so the true figure is
 *     within half that digit, exactly;
 *   - BusyBox (make_human_readable_str, 1.x): powers of 1024 whatever the
 *     unit says, its tenth rounded from the last division alone, so what
 *     the divisions before it dropped, under 1/1024 of the unit, may lie
 *     above that half digit too.
 * A part in 10^9 more covers the floating point of either. */
static void
human_range(const struct human *h, double *lo, double *hi)
{
	double mult = pow(h->busybox || h->iec ? 1024 : 1000, h->power);
	double slack = h->busybox && h->power > 0 ? 1.0 / 1024 : 0;

	*lo = (h->v - h->half) * mult * (1 - 1e-9);
	*hi = (h->v + h->half + slack) * mult * (1 + 1e-9);
}

/* The unit of h ("GB/s", "GiB/s") and what one of it is in bytes. */
static double
unit_of(const struct human *h, char *buf, size_t n)
{
	static const char prefixes[] = "kMGTPEZY";

	snprintf(buf, n, "%.*s%sB/s", h->power > 0, &prefixes[h->power > 0 && h->power <= 8 ?
	    h->power - 1 : 0], h->iec || (h->busybox && h->power > 0) ? "i" : "");
	return pow(h->busybox || h->iec ? 1024 : 1000, h->power);
}

int
eb_dd_figures_agree(double bytes, const char *secs, size_t secslen,
    const char *human, size_t humanlen, const char *rate, char *why, size_t n)
{
	double t, h, lo, hi, plo, phi, mult;
	struct human hs;
	char part[80], unit[16];
	const char *q;

	if (humanlen > 0 && humanlen < sizeof part) {
		/* " (17 MB, 16 MiB)": each size is the byte count rounded. */
		memcpy(part, human, humanlen);
		part[humanlen] = '\0';
		q = strchr(part, '(');
		q = q != NULL ? q + 1 : part;
		while (read_human(&q, 0, &hs)) {
			human_range(&hs, &plo, &phi);
			if (!(plo <= bytes && bytes <= phi)) {
				snprintf(why, n, "the byte count %.0f is not the%.*s this dd line "
				    "gives for it (a damaged figure)", bytes, (int)humanlen, human);
				return 0;
			}
			while (*q == ',' || *q == ' ')
				q++;
		}
	}
	if (eb_parse_number(secs, secslen, &t) == 0 || !(t > 0))
		return 1;
	h = half_digit(secs, secslen);
	q = rate;
	while (*q == ',' || *q == ' ')
		q++;
	if (*q == '(') {
		/* The BSDs: "(264216863 bytes/sec)", the rate to the byte,
		 * rounded (FreeBSD, macOS, OpenBSD) or cut (NetBSD) from the
		 * exact time, which FreeBSD and macOS round to a microsecond
		 * and OpenBSD and NetBSD cut to a millisecond
		 * ("%lld.%03ld secs" of tv_nsec / 1000000): the true time is
		 * from half a digit below the printed one to a whole one above. */
		double r;
		size_t used = eb_parse_number(q + 1, strlen(q + 1), &r);

		if (used == 0 || strncmp(q + 1 + used, " bytes/sec)", 11) != 0)
			return 1;
		lo = bytes / (t + 2 * h);
		hi = t - h > 0 ? bytes / (t - h) : INFINITY;
		if (r + 1 >= lo && r - 1 <= hi)
			return 1;
		snprintf(why, n, "%.0f bytes in %.*s s is %.6g bytes/s, not the %.0f bytes/sec "
		    "this dd line gives (a damaged figure)", bytes, (int)secslen, secs,
		    bytes / t, r);
		return 0;
	}
	/* GNU and BusyBox print the time rounded to its last digit (%g,
	 * %f) from the same clock reading as the rate. */
	lo = bytes / (t + h);
	hi = t - h > 0 ? bytes / (t - h) : INFINITY;
	if (!read_human(&q, 1, &hs))
		return 1;
	human_range(&hs, &plo, &phi);
	if (lo <= phi && hi >= plo)
		return 1;
	mult = unit_of(&hs, unit, sizeof unit);
	snprintf(why, n, "%.0f bytes in %.*s s are %.5g %s, outside the %.6g-%.6g %s "
	    "that this dd line's '%.30s' stands for (a damaged figure)", bytes, (int)secslen,
	    secs, bytes / t / mult, unit, plo / mult, phi / mult, unit, rate + strspn(rate, ", "));
	return 0;
}

int
eb_dd_time_digits(const char *secs, size_t secslen, const char *rate)
{
	struct human hs;
	int digits = 0, lead = 1;

	rate += strspn(rate, ", ");
	/* GNU prints the final time with %g: six significant digits, of
	 * which it drops trailing zeros ("1.5 s" is 1.50000 s). */
	if (read_human(&rate, 1, &hs) && !hs.busybox)
		return 6;
	for (size_t i = 0; i < secslen && secs[i] != 'e' && secs[i] != 'E'; i++) {
		if (secs[i] < '0' || secs[i] > '9')
			continue;
		if (secs[i] != '0')
			lead = 0;
		if (!lead)
			digits++;
	}
	return digits;
}
