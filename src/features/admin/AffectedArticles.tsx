/**
 * What a delete dialog says about the articles the deletion changes (a product they embed, a
 * category they are filed under): their titles after a lead that says what happens to them, or
 * that they could not be read.
 */
export interface ArticleTitle {
  id: string;
  title: string;
}

interface Props {
  /** The articles; null when they could not be read. */
  articles: ArticleTitle[] | null;
  /** The line over the titles, for how many there are. */
  lead: (count: number) => string;
  /** Said when the articles could not be read. */
  unknown: string;
}

export function AffectedArticles({ articles, lead, unknown }: Props) {
  if (articles === null) return <p>{unknown}</p>;
  return (
    <>
      <p>{lead(articles.length)}</p>
      <ul className="mt-1 list-disc pl-5">
        {articles.map((a) => <li key={a.id}>{a.title}</li>)}
      </ul>
    </>
  );
}
