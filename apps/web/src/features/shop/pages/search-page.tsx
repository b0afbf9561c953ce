import { shopCalls } from '@studio/contract/shop';
import { Button } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePagedCall } from '@/shared/api/paged';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { GoodsGrid } from '@/shared/shop/goods-grid';
import { useLifeData } from '@/shared/store/life-data';
import { PageSkeleton } from '@/shared/ui/page-states';
import { SearchField } from '@/shared/ui/search-field';
import { clearSearchHistory, rememberSearch, useHotKeywords } from '../api/shop';
import '../components/shop.css';

/** How long typing pauses before the results follow it. */
const TYPING_PAUSE_MS = 300;

/** search: the member's history, hot keywords, and results as they type. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('keyword') ?? '');
  const keyword = useDebounced(text.trim(), TYPING_PAUSE_MS);

  useEffect(() => {
    setParams(keyword ? { keyword } : {}, { replace: true });
  }, [keyword, setParams]);

  const choose = (kw: string) => {
    setText(kw);
    rememberSearch(kw);
  };

  return (
    <div className="stack search-page">
      <SearchField
        value={text}
        onChange={setText}
        onSearch={(v) => rememberSearch(v)}
        placeholder={t('shop.searchPlaceholder')}
        label={t('shop.search')}
        autoFocus
      />
      {keyword ? <Results keyword={keyword} /> : <Suggestions onChoose={choose} />}
    </div>
  );
}

function Results({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const source = usePagedCall(shopCalls.getGoodsList, { keyword }, { keepPrevious: true });
  return (
    <PagedList
      source={source}
      skeleton={<PageSkeleton rows={3} />}
      empty={<ClassesEmpty title={t('shop.noResults')} />}
    >
      {(rows) => (
        <div onClickCapture={() => rememberSearch(keyword)}>
          <GoodsGrid rows={rows} label={t('shop.resultsFor', { keyword })} />
        </div>
      )}
    </PagedList>
  );
}

function Suggestions({ onChoose }: { onChoose: (keyword: string) => void }) {
  const { t } = useTranslation();
  const history = useLifeData((s) => s.goods.searchHistory ?? []);
  const hot = useHotKeywords();
  return (
    <>
      {history.length > 0 && (
        <section className="card keyword-section" aria-labelledby="search-history">
          <div className="keyword-head">
            <h2 id="search-history">{t('shop.history')}</h2>
            <Button fill="none" size="small" onClick={clearSearchHistory} aria-label={t('shop.clearHistory')}>
              <DeleteOutline />
            </Button>
          </div>
          <KeywordChips keywords={history} onChoose={onChoose} />
        </section>
      )}
      {(hot.data?.list.length ?? 0) > 0 && (
        <section className="card keyword-section" aria-labelledby="search-hot">
          <h2 id="search-hot">{t('shop.hot')}</h2>
          <KeywordChips keywords={hot.data!.list} onChoose={onChoose} />
        </section>
      )}
    </>
  );
}

function KeywordChips({ keywords, onChoose }: { keywords: readonly string[]; onChoose: (k: string) => void }) {
  return (
    <ul className="keyword-chips">
      {keywords.map((k) => (
        <li key={k}>
          <button type="button" className="keyword-chip" onClick={() => onChoose(k)}>
            {k}
          </button>
        </li>
      ))}
    </ul>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}
