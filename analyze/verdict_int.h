/* verdict_int.h - what the files of the decision layer share: the rank
 * comparison (verdict_rank.c) that verdict.c's change of the centre uses. */
#ifndef EB_VERDICT_INT_H
#define EB_VERDICT_INT_H

#include "analyze.h"

/* The change of b's median against a's for --center median: the
 * Hodges-Lehmann shift of the log values with Moses's interval and the
 * Mann-Whitney p into v (its kind, estimate, lo, hi, p and p_adj), or a
 * kind that says why there is no test. v is initialised by the caller. */
void eb_verdict_median(const struct eb_group *a, const struct eb_group *b,
    const struct eb_verdict_opts *o, struct eb_verdict *v);

#endif
