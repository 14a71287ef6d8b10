/* caveats.h - the one rule of which facts of a run's meta.json qualify
 * which claims, shared by findings, the report's pages and its data page. */
#ifndef EB_CAVEATS_H
#define EB_CAVEATS_H

#include "analyze.h"

/* The facts of every meta.json of a table and the tests it could not
 * time (eb_untimed); NULL when nothing qualifies a claim. */
struct eb_caveats;
struct eb_caveats *eb_caveats_new(const struct eb_table *t);
void eb_caveats_free(struct eb_caveats *c);
/* Counts the runs of a case in gs, the groups of the table (c NULL or not),
 * as a table kept as its groups' keys alone (eb_groups_keys_only) must. */
void eb_caveats_use_groups(struct eb_caveats *c, const struct eb_groups *gs);

/* What qualifies one claim: sentences without a capital or a full stop,
 * each once, in the order found. */
struct eb_caveat_list {
	char **items;
	size_t n, cap;
	/* Item i is a fact of the data (1), not of a meta.json (0): a
	 * results.csv's datapackage.json carries the data's. */
	unsigned char *of_data;
	size_t ndata;
};

/* The caveats of a comparison of mode (a record key) with base (its
 * baseline, or the same case in another release or config; NULL when
 * the claim is of mode alone):
 * - a mode other than none whose folder meta.json says nothing encrypts
 *   (runner.targets.MODE.encryption null): encryption not verified;
 *   a none folder that something encrypts: no unencrypted baseline;
 * - reads (dd, fio) of a run that did not drop caches, bonnie++ reads
 *   of a run whose file was smaller than twice the RAM: maybe cached;
 * - the two sides in folders on other file systems or devices: the
 *   difference is not only what the claim compares;
 * - a config label (no-aesni, N-cores, or one that may mean them) that
 *   meta.json's cpu_flags/icp or cpus_online contradicts;
 * - of the data: repetitions of a side that the tool ran but could not
 *   time (bonnie++'s +++++), so that its mean leaves out the fastest. */
void eb_caveats_pair(const struct eb_caveats *c, const struct eb_record *mode,
    const struct eb_record *base, struct eb_caveat_list *l);
/* The same for the sides of a verdict (mode and base, and the second
 * pair of a change of overhead). */
void eb_caveats_verdict(const struct eb_caveats *c, const struct eb_verdict *v,
    struct eb_caveat_list *l);
/* " Caveat from meta.json: X." (" Caveats ...: X; Y."; " Caveat: X." for
 * facts of the data, " Caveats: X; from meta.json: Y." for both), or ""
 * for an empty list, appended to buf (n bytes). */
void eb_caveat_list_sentence(const struct eb_caveat_list *l, char *buf, size_t n);
/* The same sentence without its leading blank and of any length, for the
 * caller to free; NULL for an empty list. */
char *eb_caveat_list_text(const struct eb_caveat_list *l);
void eb_caveat_list_free(struct eb_caveat_list *l);

/* The caveats of a case k as a table shows it: k's own, and those of
 * the baseline of its run and of their pairing, which a figure against
 * the baseline rests on. */
void eb_caveats_case(const struct eb_caveats *c, const struct eb_record *k,
    const char *baseline, struct eb_caveat_list *l);
/* Every caveat of the groups gs (the data a page speaks of), each once. */
void eb_caveats_of_groups(const struct eb_caveats *c, const struct eb_groups *gs,
    const char *baseline, struct eb_caveat_list *l);
/* The same from a table alone, for a chart or a page that keeps no
 * eb_caveats: every caveat of gs (a view of t's groups) against baseline,
 * each once; nothing for data without meta.json. */
void eb_caveats_lines(const struct eb_table *t, const struct eb_groups *gs,
    const char *baseline, struct eb_caveat_list *l);
/* The modes of gs that meta.json says nothing encrypts, in gs's order:
 * how many (at most max) are written to modes. */
size_t eb_caveats_unverified(const struct eb_caveats *c, const struct eb_groups *gs,
    const char **modes, size_t max);

#endif
