/* dd_figures.c - one dd summary line's figures checked against each other:
 * a byte count or time damaged by a flip contradicts the rate dd printed. */
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

/* A size as dd's human_readable prints it ("17 MB", "16 MiB", "1,1 GB",
 * "264 MB/s" with per_s; BusyBox "16.0MB", which is 1024-based), read at
 * *s and *s moved past it. Returns 0 when the text is no such size (a
 * translated unit), else fills the value, its rounding and the bases it
 * may be in: 1024 for "iB", else 1000 (GNU) or 1024 (BusyBox). */
struct human {
	double v, half;
	int power, iec;
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

/* Whether [lo, hi] meets what h may stand for, in any base it may be in,
 * allowing a whole last digit of rounding (GNU rounds to nearest; older
 * releases and BusyBox may round otherwise). */
static int
human_meets(const struct human *h, double lo, double hi)
{
	for (int base = 1000; base <= 1024; base += 24) {
		double mult = pow(base, h->power);

		if (h->iec && base == 1000)
			continue;
		if ((h->v + 2 * h->half) * mult * (1 + 1e-9) >= lo &&
		    (h->v - 2 * h->half) * mult * (1 - 1e-9) <= hi)
			return 1;
	}
	return 0;
}

int
eb_dd_figures_agree(double bytes, const char *secs, size_t secslen,
    const char *human, size_t humanlen, const char *rate, char *why, size_t n)
{
	double t, h, lo, hi;
	struct human hs;
	char part[80];
	const char *q;

	if (humanlen > 0 && humanlen < sizeof part) {
		/* " (17 MB, 16 MiB)": each size is the byte count rounded. */
		memcpy(part, human, humanlen);
		part[humanlen] = '\0';
		q = strchr(part, '(');
		q = q != NULL ? q + 1 : part;
		while (read_human(&q, 0, &hs)) {
			if (!human_meets(&hs, bytes, bytes)) {
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
	lo = bytes / (t + h);
	hi = t - h > 0 ? bytes / (t - h) : INFINITY;
	q = rate;
	while (*q == ',' || *q == ' ')
		q++;
	if (*q == '(') {
		/* BSD: "(264216863 bytes/sec)", the rate to the byte. */
		double r;
		size_t used = eb_parse_number(q + 1, strlen(q + 1), &r);

		if (used == 0 || strncmp(q + 1 + used, " bytes/sec)", 11) != 0)
			return 1;
		if (r + 1 >= lo && r - 1 <= hi)
			return 1;
		snprintf(why, n, "%.0f bytes in %.*s s is %.6g bytes/s, not the %.0f bytes/sec "
		    "this dd line gives (a damaged figure)", bytes, (int)secslen, secs,
		    bytes / t, r);
		return 0;
	}
	if (!read_human(&q, 1, &hs) || human_meets(&hs, lo, hi))
		return 1;
	snprintf(why, n, "%.0f bytes in %.*s s is %.4g MB/s, not the %.40s this dd line "
	    "gives (a damaged figure)", bytes, (int)secslen, secs, bytes / t / 1e6, rate +
	    strspn(rate, ", "));
	return 0;
}
