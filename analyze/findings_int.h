/* findings_int.h - what the files of the findings share: the comparisons
 * of one sentence (its Holm family), their tally, and the sentence words. */
#ifndef EB_FINDINGS_INT_H
#define EB_FINDINGS_INT_H

#include "analyze.h"

/* What the findings speak of: the newest release and its most common
 * config; other configs of that release are compared with it. host
 * limits it to one host (NULL: every host of the release); name_hosts:
 * the data has more than one host, so every sentence names its own. */
struct scope {
	const char *release, *config, *host;
	const char *configs[16];
	size_t nconfigs;
	int name_hosts;
};

/* The comparisons of one sentence: its Holm family, each with its key and
 * the segment (I/O class and direction) it falls in. */
struct claims {
	struct eb_verdict *v;
	const struct eb_record **k;
	int *seg;
	size_t n, cap, capk, caps;
};

/* What the claims of a sentence (or one segment of it) add up to. */
struct tally {
	size_t n, kinds[EB_VERDICT_DEARER + 1], with_ci, untestable;
	size_t out_of_range;	/* cases without a figure, left out of n */
	size_t reaches_zero;	/* unbounded cases whose compared side's
				 * interval reaches 0, not the baseline's */
	size_t mode_zero;	/* of those, overheads: the mode's interval */
	size_t own_unbounded;	/* overhead changes a release's own
				 * overhead interval leaves unbounded */
	int open_lo, open_hi;	/* a claim's bound on that side is a ratio's
				 * floor: the hull's ci_lo or ci_hi is NAN */
	double est_lo, est_hi, ci_lo, ci_hi, alpha;
	size_t family_size;
	int adjusted;		/* some interval is at a Holm step level */
	char lead[64];		/* "95 % intervals within", at the level used */
};

/* Appends to a sentence under construction. */
struct text {
	char buf[1536];
	size_t len;
};

/* The hosts of some groups, in the order of their names. */
struct hosts {
	const char *h[32];
	size_t n;
};

/* Adds a line to the findings. */
void eb_findings_say(struct eb_findings *f, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Appends to a sentence under construction; stops at its end. */
void eb_text_put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Qualifies the lines f got from index from on with the caveats of the
 * claims they rest on (caveats.h), so that no claim goes without what the
 * runs' meta.json say of it. */
void eb_findings_qualify(struct eb_findings *f, const struct claims *c, size_t from);

void eb_claim_add(struct claims *c, const struct eb_verdict *v, const struct eb_record *k,
    int seg);
/* Holm over the claims: one sentence is one family. */
void eb_claim_adjust(struct claims *c, const struct eb_verdict_opts *o);
void eb_claim_free(struct claims *c);
/* What the claims of segment seg (all with -1) add up to. */
void eb_tally(const struct claims *c, int seg, struct tally *t);
/* 1 when a verdict has no test: single run, no variation, too few runs,
 * unbounded or no estimate. */
int eb_untestable(const struct eb_verdict *v);

/* Ranges of figures through eb_figure_text: "12.3 %", "10.2–14.8 %",
 * "-5.0 to 3.0 %"; signed "+1.2 %", "-0.7 to +0.3 pp" (margin: the
 * equivalence margin its figures keep their side of, or 0). */
void eb_pct_range(char *buf, size_t n, double lo, double hi, const char *unit);
void eb_signed_range(char *buf, size_t n, double lo, double hi, double margin,
    const char *unit);
/* "between 4.4 % faster and 41.2 % slower" for an interval across 0. */
void eb_between_text(char *buf, size_t n, double lo, double hi);
/* A spread of costs in words: "12.0–15.0 % slower", "4.4 % faster". */
void eb_slow_fast(char *buf, size_t n, double lo, double hi);

/* "; no verdict for dd write 1 MiB (single run) and 2 more", or "". */
/* A short name of a case for the sentences, such as "fio rand read
 * 4 KiB" (analyze/ has no render labels). */
void eb_case_name(const struct eb_record *k, char *buf, size_t n);
/* eb_case_name with the job too, when it says more: "fio a seq write 4 KiB". */
void eb_case_name_with_job(const struct eb_record *k, char *buf, size_t n);
/* Whether two of the n cases k of other jobs (and, by_mode, of one mode)
 * have one eb_case_name. */
int eb_case_names_collide(const struct eb_record *const *k, size_t n, int by_mode);
void eb_name_untestable(const struct claims *c, char *buf, size_t n);
/* Why no case of a tally has a verdict. */
const char *eb_untestable_words(const struct tally *t);
/* "95 % interval" for one case, "95 % intervals within" for several. */
const char *eb_ci_lead(struct tally *t);
/* ", Holm over N tests" when Holm adjusted over more than one. */
void eb_holm_words(const struct tally *t, const struct eb_verdict_opts *o, char *buf,
    size_t n);
void eb_host_add(struct hosts *hs, const char *h);
/* A host as the sentences name it: its label, or "the host without a
 * name" for records that have none beside others that have one. */
const char *eb_host_words(const char *host);
/* "In 24.04 on laptop (no-aesni)": the host and config when they are named. */
void eb_where_text(char *buf, size_t n, const char *release, const char *config,
    int name_config, const char *host, int name_host);
/* "writes", "reads", "rewrites", "all directions". */
const char *eb_op_words(const char *op);

/* The key sizes of a mode as bits: 1 for AES-128, 2 for AES-192, 4 for
 * AES-256, 0 for any other. */
int eb_key_bits(const char *mode);
/* A family as a sentence names it against baseline: the family itself,
 * or, when the baseline is of that family, its other key sizes ("128- and
 * 192-bit AES-GCM" against aes-256-gcm; keymask as eb_key_bits) or "LUKS
 * other than luks-xts-256". */
void eb_family_label(char *buf, size_t n, const char *family, const char *baseline,
    int keymask);

/* The order in which mode families are spoken of: AES-CCM, AES-GCM, LUKS,
 * geli, then the rest. */
int eb_family_rank(const char *family);

/* findings_cost.c: what each mode family costs in one release and config
 * (one sentence per family and host), and mode against mode of one key. */
void eb_overhead_sentences(const struct eb_overhead *oh, size_t noh, const struct scope *sc,
    const char *config, int name_config, const struct eb_verdict_opts *o,
    struct eb_findings *out);
void eb_factor_sentences(const struct eb_groups *gs, const struct scope *sc,
    const struct eb_verdict_opts *o, struct eb_findings *out);

#endif
