/* html.c - the report's markdown as one self-contained HTML page: the small
 * subset encbench writes (headings, paragraphs, lists, tables, quotes,
 * details), with every chart's SVG inlined so the page works offline. */
#include <stdlib.h>
#include <string.h>

#include "render.h"

/* The length of an entity eb_md_escape writes at s, or 0. */
static size_t
entity(const char *s, size_t n)
{
	if (n >= 4 && (memcmp(s, "&lt;", 4) == 0 || memcmp(s, "&gt;", 4) == 0))
		return 4;
	if (n >= 5 && memcmp(s, "&amp;", 5) == 0)
		return 5;
	return 0;
}

static void
escape_html(struct eb_buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (s[i]) {
		case '<':
			eb_buf_add(b, "&lt;", 4);
			break;
		case '>':
			eb_buf_add(b, "&gt;", 4);
			break;
		case '&':
			/* The entities eb_md_escape writes are already HTML. */
			if (entity(s + i, n - i) > 0)
				eb_buf_addc(b, '&');
			else
				eb_buf_add(b, "&amp;", 5);
			break;
		case '"':
			eb_buf_add(b, "&quot;", 6);
			break;
		case '\\':
			/* A markdown backslash escape (eb_md_escape) stands for
			 * the character after it. */
			if (i + 1 < n && s[i + 1] != '\0' && strchr("\\`*_[]|~", s[i + 1]) != NULL) {
				i++;
				eb_buf_addc(b, s[i]);
				break;
			}
			eb_buf_addc(b, s[i]);
			break;
		default:
			eb_buf_addc(b, s[i]);
		}
	}
}

/* Inline markup of a line: `code`, **bold**, [text](link) and images. */
static void
inline_html(struct eb_buf *b, const char *s, size_t n, eb_html_image_fn image, void *ctx)
{
	size_t i = 0;

	while (i < n) {
		const char *close;

		if (s[i] == '\\' && i + 1 < n && s[i + 1] != '\0' && strchr("\\`*_[]|~", s[i + 1]) != NULL) {
			escape_html(b, s + i, 2);
			i += 2;
		} else if (s[i] == '`' && (close = memchr(s + i + 1, '`', n - i - 1)) != NULL) {
			eb_buf_add(b, "<code>", 6);
			escape_html(b, s + i + 1, (size_t)(close - s - i - 1));
			eb_buf_add(b, "</code>", 7);
			i = (size_t)(close - s) + 1;
		} else if (n - i > 4 && s[i] == '*' && s[i + 1] == '*' &&
		    (close = strstr(s + i + 2, "**")) != NULL && (size_t)(close - s) < n) {
			eb_buf_add(b, "<strong>", 8);
			escape_html(b, s + i + 2, (size_t)(close - s - i - 2));
			eb_buf_add(b, "</strong>", 9);
			i = (size_t)(close - s) + 2;
		} else if ((s[i] == '[' || (s[i] == '!' && i + 1 < n && s[i + 1] == '['))) {
			int img = s[i] == '!';
			const char *t0 = s + i + (img ? 2 : 1);
			const char *t1 = memchr(t0, ']', (size_t)(s + n - t0));
			const char *u1;

			if (t1 == NULL || t1 + 1 >= s + n || t1[1] != '(' ||
			    (u1 = memchr(t1 + 2, ')', (size_t)(s + n - t1 - 2))) == NULL) {
				escape_html(b, s + i, 1);
				i++;
				continue;
			}
			if (img) {
				char *alt = eb_xstrndup(t0, (size_t)(t1 - t0));
				char *url = eb_xstrndup(t1 + 2, (size_t)(u1 - t1 - 2));

				if (image == NULL || !image(ctx, b, url, alt)) {
					eb_buf_add(b, "<img src=\"", 10);
					escape_html(b, url, strlen(url));
					eb_buf_add(b, "\" alt=\"", 7);
					escape_html(b, alt, strlen(alt));
					eb_buf_add(b, "\">", 2);
				}
				free(alt);
				free(url);
			} else {
				eb_buf_add(b, "<a href=\"", 9);
				escape_html(b, t1 + 2, (size_t)(u1 - t1 - 2));
				eb_buf_add(b, "\">", 2);
				escape_html(b, t0, (size_t)(t1 - t0));
				eb_buf_add(b, "</a>", 4);
			}
			i = (size_t)(u1 - s) + 1;
		} else if (s[i] == '&' && entity(s + i, n - i) > 0) {
			eb_buf_add(b, s + i, entity(s + i, n - i));
			i += entity(s + i, n - i);
		} else {
			escape_html(b, s + i, 1);
			i++;
		}
	}
}

/* Splits a table row into cells at '|' that is not escaped. */
static void
table_row(struct eb_buf *b, const char *s, size_t n, const char *align, int head,
    eb_html_image_fn image, void *ctx)
{
	size_t i = 0, col = 0;

	while (i < n && s[i] == ' ')
		i++;
	if (i < n && s[i] == '|')
		i++;
	eb_buf_add(b, "<tr>", 4);
	while (i < n) {
		size_t j = i;

		while (j < n && !(s[j] == '|' && (j == 0 || s[j - 1] != '\\')))
			j++;
		if (j == n && j > i && strspn(s + i, " ") == n - i)
			break;
		{
			size_t a = i, z = j;

			while (a < z && s[a] == ' ')
				a++;
			while (z > a && s[z - 1] == ' ')
				z--;
			eb_buf_addf(b, "<%s%s>", head ? "th" : "td",
			    align[col] == 'r' ? " class=\"num\"" : "");
			inline_html(b, s + a, z - a, image, ctx);
			eb_buf_addf(b, "</%s>", head ? "th" : "td");
		}
		col += col < 63;
		i = j + 1;
	}
	eb_buf_add(b, "</tr>\n", 6);
}

static const char style[] =
    "body{font:16px/1.5 'DejaVu Sans',system-ui,sans-serif;max-width:72rem;"
    "margin:2rem auto;padding:0 1rem;color:#222}"
    "h1,h2,h3{line-height:1.2}table{border-collapse:collapse;margin:1rem 0;"
    "font-size:14px}th,td{padding:.25rem .6rem;border-bottom:1px solid #ddd;"
    "text-align:left;vertical-align:top;white-space:nowrap}td.num,th.num{text-align:right;"
    "font-variant-numeric:tabular-nums}"
    "table{display:block;overflow-x:auto;max-width:100%}blockquote{margin:1rem 0;padding:.5rem 1rem;"
    "border-left:4px solid #e69f00;background:#fdf6e9}figure{margin:1rem 0}"
    "svg{max-width:100%;height:auto}code{font-size:90%}";

char *
eb_md_to_html(const char *md, eb_html_image_fn image, void *ctx)
{
	struct eb_buf b;
	const char *p = md;
	int in_list = 0, in_para = 0, in_quote = 0;
	char align[64];

	eb_buf_init(&b, 0);
	eb_buf_add(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n", 63);
	{
		const char *h = strstr(md, "# ");

		eb_buf_add(&b, "<title>", 7);
		if (h != NULL && (h == md || h[-1] == '\n'))
			escape_html(&b, h + 2, strcspn(h + 2, "\n"));
		eb_buf_addf(&b, "</title>\n<style>%s</style>\n</head>\n<body>\n", style);
	}
	while (*p) {
		size_t n = strcspn(p, "\n");
		const char *next = p + n + (p[n] == '\n');

		if (in_list && strncmp(p, "- ", 2) != 0) {
			eb_buf_add(&b, "</ul>\n", 6);
			in_list = 0;
		}
		if (in_quote && strncmp(p, "> ", 2) != 0) {
			eb_buf_add(&b, "</blockquote>\n", 14);
			in_quote = 0;
		}
		if (in_para && (n == 0 || p[0] == '#' || p[0] == '|' || p[0] == '<' ||
		    strncmp(p, "- ", 2) == 0 || strncmp(p, "> ", 2) == 0)) {
			eb_buf_add(&b, "</p>\n", 5);
			in_para = 0;
		}
		if (n == 0) {
			p = next;
			continue;
		}
		if (p[0] == '#') {
			size_t level = strspn(p, "#");

			if (level > 6)
				level = 6;
			eb_buf_addf(&b, "<h%zu>", level);
			inline_html(&b, p + level + 1, n - level - 1, image, ctx);
			eb_buf_addf(&b, "</h%zu>\n", level);
		} else if (strncmp(p, "- ", 2) == 0) {
			if (!in_list)
				eb_buf_add(&b, "<ul>\n", 5);
			in_list = 1;
			eb_buf_add(&b, "<li>", 4);
			inline_html(&b, p + 2, n - 2, image, ctx);
			eb_buf_add(&b, "</li>\n", 6);
		} else if (strncmp(p, "> ", 2) == 0) {
			if (!in_quote)
				eb_buf_add(&b, "<blockquote>\n", 13);
			in_quote = 1;
			inline_html(&b, p + 2, n - 2, image, ctx);
			eb_buf_addc(&b, '\n');
		} else if (p[0] == '|') {
			/* A table: the header, its alignment row, then the body. */
			const char *rule = next;
			size_t rn = strcspn(rule, "\n"), col = 0;

			memset(align, 'l', sizeof align);
			for (size_t i = 1; i < rn && col < sizeof align; i++) {
				if (rule[i] == '|')
					col++;
				else if (rule[i] == ':' && (i + 1 == rn || rule[i + 1] == ' ' ||
				    rule[i + 1] == '|'))
					align[col] = 'r';
			}
			eb_buf_add(&b, "<table>\n<thead>", 15);
			table_row(&b, p, n, align, 1, image, ctx);
			eb_buf_add(&b, "</thead>\n<tbody>\n", 17);
			p = rule + rn + (rule[rn] == '\n');
			while (*p == '|') {
				n = strcspn(p, "\n");
				table_row(&b, p, n, align, 0, image, ctx);
				p += n + (p[n] == '\n');
			}
			eb_buf_add(&b, "</tbody>\n</table>\n", 18);
			continue;
		} else if (p[0] == '<') {
			/* <details> and <summary>, written by encbench itself. */
			eb_buf_add(&b, p, n);
			eb_buf_addc(&b, '\n');
		} else {
			if (!in_para)
				eb_buf_add(&b, "<p>", 3);
			else
				eb_buf_addc(&b, '\n');
			in_para = 1;
			inline_html(&b, p, n, image, ctx);
		}
		p = next;
	}
	if (in_list)
		eb_buf_add(&b, "</ul>\n", 6);
	if (in_quote)
		eb_buf_add(&b, "</blockquote>\n", 14);
	if (in_para)
		eb_buf_add(&b, "</p>\n", 5);
	eb_buf_add(&b, "</body>\n</html>\n", 16);
	return b.data;
}
