import { useRef } from 'react';
import { Outlet } from 'react-router';
import { ClientOnly } from '../../lib/client-only';
import { useHeightVariable } from '../../lib/use-height-variable';
import { BannerStack } from '../../components/banner-stack';
import { useBanners } from '../banners';
import { CampaignDialog } from '../campaign-dialog';
import { Footer } from '../footer';
import { Header } from '../header/header';
import { PopupWatcher } from '../popup-watcher';

export function DefaultLayout() {
  const { banners, pressing } = useBanners();
  const sticky = useRef<HTMLDivElement>(null);
  useHeightVariable(sticky, '--sticky-banners-height');
  return (
    <div className="layout layout-default">
      <Header />
      <div className="sticky-banners" ref={sticky}>
        <BannerStack banners={banners} />
      </div>
      <main className="main" id="main">
        <Outlet />
      </main>
      <ClientOnly>
        <PopupWatcher />
      </ClientOnly>
      <Footer />
      <ClientOnly>
        <CampaignDialog waitFor={pressing !== false} />
      </ClientOnly>
    </div>
  );
}
