-- Text filters (`q` on listings: search_text LIKE '%word%') are estimated from the column's
-- histogram; at the default 100 buckets a word found in 3 % of a million releases looks like 0.01 %,
-- and the planner sorts every match instead of reading the sort index. 1,000 buckets estimate
-- word frequencies to about 0.1 %. Not on persons: a name word ("leon") clusters in the name
-- order the persons list uses, so a better estimate there only makes the planner walk the name
-- index further; the trigram bitmap it picks at the default is the faster plan.
ALTER TABLE "releases" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "movies" ALTER COLUMN "search_text" SET STATISTICS 1000;
