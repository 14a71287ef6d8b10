/* markdown.c - GitHub-flavoured markdown tables with aligned columns, so
 * the file reads as well in a terminal as rendered. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

void
eb_md_init(struct eb_md *t, size_t ncols)
{
	memset(t, 0, sizeof *t);
	t->ncols = ncols;
	t->align = eb_xcalloc(ncols + 1, 1);
	memset(t->align, 'l', ncols);
}

/* Only what markdown would read as markup is escaped, so that a cell such
 * as "< 0.001" or benchstat's "~ (-5.7 to +10.3)" stays as plain in a
 * terminal as it is rendered. */
char *
eb_md_escape(const char *s)
{
	const char *start = s;
	struct eb_buf b;

	eb_buf_init(&b, 0);
	for (; s != NULL && *s; s++) {
		unsigned char next = (unsigned char)s[1];
		size_t control = eb_utf8_control(s);

		/* A line break would end a heading, a list item or a row; an
		 * escape, a bell or a reordering mark would act on the
		 * terminal that shows the page: each is a space there. */
		if (control > 0) {
			eb_buf_addc(&b, ' ');
			s += control - 1;
			continue;
		}
		switch (*s) {
		/* Raw HTML (GitHub and CommonMark pass through what starts a
		 * tag, a comment or a declaration) and entities become text. */
		case '<':
			if (isalpha(next) || next == '/' || next == '!' || next == '?')
				eb_buf_add(&b, "&lt;", 4);
			else
				eb_buf_addc(&b, '<');
			break;
		case '&':
			if (isalnum(next) || next == '#')
				eb_buf_add(&b, "&amp;", 5);
			else
				eb_buf_addc(&b, '&');
			break;
		/* A tilde opens strikethrough only when text follows it. */
		case '~':
			if (next != '\0' && !isspace(next))
				eb_buf_addc(&b, '\\');
			eb_buf_addc(&b, '~');
			break;
		/* Underscores between letters or digits (drop_caches, z_wr_iss)
		 * neither open nor close emphasis in CommonMark: the name
		 * stays as it is spelt. */
		case '_': {
			size_t run = strspn(s, "_");

			if (s > start && isalnum((unsigned char)s[-1]) &&
			    isalnum((unsigned char)s[run])) {
				eb_buf_add(&b, s, run);
				s += run - 1;
				break;
			}
			eb_buf_add(&b, "\\_", 2);
			break;
		}
		/* Emphasis, code, links, images, table cells. */
		case '\\': case '`': case '*': case '[': case ']': case '|':
			eb_buf_addc(&b, '\\');
			eb_buf_addc(&b, *s);
			break;
		default:
			eb_buf_addc(&b, *s);
		}
	}
	eb_buf_cstr(&b);
	return b.data;
}

char *
eb_md_code(const char *s)
{
	size_t run = 0, longest = 0;
	struct eb_buf b;
	char *fence;

	/* A code span takes everything literally but a run of backticks as
	 * long as its fence and line breaks; the fence is one longer than
	 * any run inside. */
	for (const char *p = s; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	fence = eb_xmalloc(longest + 2);
	memset(fence, '`', longest + 1);
	fence[longest + 1] = '\0';
	eb_buf_init(&b, 0);
	eb_buf_addf(&b, "%s%s", fence, s[0] == '`' ? " " : "");
	for (const char *p = s; *p; p++) {
		size_t control = eb_utf8_control(p);

		eb_buf_addc(&b, control > 0 ? ' ' : *p);
		if (control > 0)
			p += control - 1;
	}
	eb_buf_addf(&b, "%s%s", *s && s[strlen(s) - 1] == '`' ? " " : "", fence);
	free(fence);
	eb_buf_cstr(&b);
	return b.data;
}

/* A cell: every label is text, whatever markdown it holds. */
static char *
escape(const char *s)
{
	return eb_md_escape(s);
}

static void
add_row(struct eb_md *t, const char *const *cells)
{
	eb_xgrow(&t->cells, &t->cap, (t->nrows + 1) * t->ncols, sizeof *t->cells);
	for (size_t c = 0; c < t->ncols; c++)
		t->cells[t->nrows * t->ncols + c] = escape(cells[c]);
	t->nrows++;
}

void
eb_md_header(struct eb_md *t, const char *align, ...)
{
	const char **cells = eb_xcalloc(t->ncols, sizeof *cells);
	va_list ap;

	va_start(ap, align);
	for (size_t c = 0; c < t->ncols; c++)
		cells[c] = va_arg(ap, const char *);
	va_end(ap);
	for (size_t c = 0; c < t->ncols && align[c]; c++)
		t->align[c] = align[c];
	add_row(t, cells);
	free((void *)cells);
}

void
eb_md_row(struct eb_md *t, ...)
{
	const char **cells = eb_xcalloc(t->ncols, sizeof *cells);
	va_list ap;

	va_start(ap, t);
	for (size_t c = 0; c < t->ncols; c++)
		cells[c] = va_arg(ap, const char *);
	va_end(ap);
	add_row(t, cells);
	free((void *)cells);
}

void
eb_md_rowv(struct eb_md *t, const char *const *cells)
{
	add_row(t, cells);
}

/* Display width: UTF-8 continuation bytes take no column. */
static size_t
width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xC0) != 0x80)
			w++;
	return w;
}

static void
pad(FILE *fp, size_t n)
{
	while (n-- > 0)
		putc(' ', fp);
}

void
eb_md_write(const struct eb_md *t, FILE *fp)
{
	size_t *w = eb_xcalloc(t->ncols, sizeof *w);

	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++) {
			size_t cw = width(t->cells[r * t->ncols + c]);

			if (cw > w[c])
				w[c] = cw;
		}
	for (size_t c = 0; c < t->ncols; c++)
		if (w[c] < 3)
			w[c] = 3;
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			const char *s = t->cells[r * t->ncols + c];
			size_t gap = w[c] - width(s);

			fputs(c ? " | " : "| ", fp);
			if (t->align[c] == 'r' && r > 0)
				pad(fp, gap);
			fputs(s, fp);
			if (!(t->align[c] == 'r' && r > 0))
				pad(fp, gap);
		}
		fputs(" |\n", fp);
		if (r == 0) {
			for (size_t c = 0; c < t->ncols; c++) {
				fputs(c ? " | " : "| ", fp);
				for (size_t i = 0; i + 1 < w[c]; i++)
					putc('-', fp);
				putc(t->align[c] == 'r' ? ':' : '-', fp);
			}
			fputs(" |\n", fp);
		}
	}
	free(w);
}

void
eb_md_free(struct eb_md *t)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t->align);
	memset(t, 0, sizeof *t);
}
