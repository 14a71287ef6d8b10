/* dd.h - what the dd parser's files share: the check of one summary line's
 * figures against each other and the digits of its time (dd_figures.c). */
#ifndef EB_DD_H
#define EB_DD_H

#include <stddef.h>

/* Whether the figures of one dd summary line agree within the rounding dd
 * prints them with: bytes, the seconds as printed (secs[0, secslen)), the
 * human sizes in parentheses (human[0, humanlen): " (17 MB, 16 MiB)", or
 * empty) and the text after the seconds (rate: ", 264 MB/s", or a BSD
 * "(264216863 bytes/sec)"). Figures it cannot read (a translated unit)
 * are not checked. When they disagree, why (n bytes) says how. */
int eb_dd_figures_agree(double bytes, const char *secs, size_t secslen,
    const char *human, size_t humanlen, const char *rate, char *why, size_t n);

/* The significant digits the format of a summary line's time carries: 6
 * for GNU's %g, whatever trailing zeros it dropped, else as many as are
 * printed (BusyBox's and FreeBSD's %f, OpenBSD's milliseconds); rate is
 * the text after the seconds, as for eb_dd_figures_agree. */
int eb_dd_time_digits(const char *secs, size_t secslen, const char *rate);

#endif
