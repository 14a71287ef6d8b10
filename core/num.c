/* num.c - numbers read and written without the process locale, so that a
 * German decimal comma parses and results.csv always uses a dot. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eb.h"

static int
isdig(char c)
{
	return c >= '0' && c <= '9';
}

size_t
eb_parse_number(const char *s, size_t n, double *out)
{
	char tmp[80];
	size_t i = 0, k = 0, digits = 0;

	if (i < n && (s[i] == '-' || s[i] == '+'))
		tmp[k++] = s[i++];
	while (i < n && isdig(s[i]) && k < sizeof tmp - 8) {
		tmp[k++] = s[i++];
		digits++;
	}
	if (i + 1 < n && (s[i] == '.' || s[i] == ',') && isdig(s[i + 1])) {
		tmp[k++] = '.';
		i++;
		while (i < n && isdig(s[i]) && k < sizeof tmp - 8) {
			tmp[k++] = s[i++];
			digits++;
		}
	}
	if (digits == 0)
		return 0;
	if (i + 1 < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t j = i + 1, e = 0;

		if (j < n && (s[j] == '-' || s[j] == '+'))
			j++;
		while (j < n && isdig(s[j]) && e < 4) {
			j++;
			e++;
		}
		if (e > 0 && !(j < n && isdig(s[j]))) {
			memcpy(tmp + k, s + i, j - i);
			k += j - i;
			i = j;
		}
	}
	/* Digits beyond the buffer mean a number no benchmark prints. */
	if (i < n && isdig(s[i]))
		return 0;
	tmp[k] = '\0';
	*out = strtod(tmp, NULL);
	return i;
}

void
eb_format_double(char *buf, size_t n, double v)
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, n, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}
