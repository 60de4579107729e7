import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MemberGate } from '@/components/account/member-gate';
import { PageHeading } from '@/components/listing/page-heading';
import { FallbackImage } from '@/components/ui/fallback-image';
import { currentActor } from '@/lib/auth/session';
import { getMediaForEdit, mediaItemRef } from '@/lib/data/media-changes';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { PICTURE_TYPES, VIDEO_TYPES } from '@/lib/validation/enums';
import type { MediaItemType } from '@/lib/validation/media-fields';
import {
  MediaDeleteLoader,
  PictureEditLoader,
  PictureUploadLoader,
  ShoppingLinkLoader,
  VideoFormLoader,
} from './media-form-loaders';

/** What a new-media page adds: a picture, a video or a shopping link. */
export type NewMediaKind = 'picture' | 'video' | 'shopping_link';

const TABS = { picture: 'photos', video: 'videos', shopping_link: 'buying_options' } as const;
const NEW_TITLES = { picture: 'newPicture', video: 'newVideo', shopping_link: 'newLink' } as const;

/** The [value, label] options of the picture or video type select, in the page's language. */
async function typeOptions(locale: string, kind: 'picture' | 'video'): Promise<[string, string][]> {
  const te = await getTranslations({ locale, namespace: 'enums' });
  const ids = Object.values(kind === 'picture' ? PICTURE_TYPES : VIDEO_TYPES);
  return ids.map((id) => [
    String(id),
    te(`${kind === 'picture' ? 'pictureTypes' : 'videoTypes'}.${id}` as 'pictureTypes.1'),
  ]);
}

/** Metadata of a media form page: its title, never indexed. */
export async function mediaFormMetadata(
  locale: string,
  path: string,
  title: 'newPicture' | 'newVideo' | 'newLink' | 'editPicture' | 'editVideo',
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'media' });
  return pageMetadata({ locale, path, title: t(title), description: t('description'), noindex: true });
}

/** The page's head: the title and the item it is about (a link back to it). */
async function Heading({
  locale,
  title,
  item,
}: {
  locale: string;
  title: string;
  item: { type: MediaItemType; public_id: string; name: string };
}) {
  const t = await getTranslations({ locale, namespace: 'media' });
  const tc = await getTranslations({ locale, namespace: 'changes' });
  return (
    <PageHeading title={title} lead={t('lead')}>
      <p className="mt-2">
        {t.rich('itemLine', {
          kind: tc(`entities.${item.type}`),
          name: () => (
            <Link href={`/${item.type}/${item.public_id}`} className="font-medium underline">
              {item.name}
            </Link>
          ),
        })}
      </p>
    </PageHeading>
  );
}

/**
 * `/{movie|release}/{id}/photos/new`, `videos/new` and `buying_options/new`: the form adding a
 * picture, video or shopping link to the item (members; a visitor goes to the login page and comes
 * back; an unknown or deleted item is the 404). Not cached: it reads the session. The route
 * file gives its forms the `mediaForm` messages.
 */
export async function NewMediaPage({
  locale,
  itemType,
  publicId,
  kind,
}: {
  locale: string;
  itemType: MediaItemType;
  publicId: string;
  kind: NewMediaKind;
}) {
  const actor = await currentActor();
  if (!actor)
    return (
      <MemberGate locale={locale} title={(await getTranslations({ locale, namespace: 'media' }))(NEW_TITLES[kind])} />
    );
  const item = await mediaItemRef(itemType, publicId);
  if (!item) notFound();
  const t = await getTranslations({ locale, namespace: 'media' });
  const ref = { type: item.type, public_id: item.public_id };
  return (
    <>
      <Heading locale={locale} title={t(NEW_TITLES[kind])} item={item} />
      {kind === 'picture' ? (
        <PictureUploadLoader item={ref} types={await typeOptions(locale, 'picture')} />
      ) : kind === 'video' ? (
        <VideoFormLoader
          item={ref}
          initial={{ youtube_id: '', type: String(VIDEO_TYPES.trailer), chapter: '' }}
          types={await typeOptions(locale, 'video')}
          back={`/${item.type}/${item.public_id}/videos`}
        />
      ) : (
        <ShoppingLinkLoader item={ref} />
      )}
    </>
  );
}

/**
 * `/photo/{id}/edit` and `/video/{id}/edit`: a suggested change of a public picture (type, source,
 * default flag) or video (address, type, chapter), and a suggested deletion with its reason
 * (members; a visitor gets the login prompt and dialog; unknown, waiting or deleted ones are the 404).
 */
export async function EditMediaPage({
  locale,
  kind,
  publicId,
}: {
  locale: string;
  kind: 'picture' | 'video';
  publicId: string;
}) {
  const actor = await currentActor();
  if (!actor)
    return (
      <MemberGate
        locale={locale}
        title={(await getTranslations({ locale, namespace: 'media' }))(
          kind === 'picture' ? 'editPicture' : 'editVideo',
        )}
      />
    );
  const media = await getMediaForEdit(kind, publicId);
  if (!media) notFound();
  const t = await getTranslations({ locale, namespace: 'media' });
  const back = `/${media.item.type}/${media.item.public_id}/${TABS[kind]}`;
  const types = await typeOptions(locale, kind);
  const v = media.values;
  return (
    <>
      <Heading locale={locale} title={t(kind === 'picture' ? 'editPicture' : 'editVideo')} item={media.item} />
      <div className="flex flex-col gap-6 md:flex-row-reverse md:items-start md:justify-end">
        {media.image_url ? (
          <FallbackImage
            src={media.image_url}
            alt=""
            className={`rounded-lg border border-line ${kind === 'picture' ? 'w-40' : 'aspect-video w-64 object-cover'}`}
            fallback={<span aria-hidden="true" className="block h-40 w-40 bg-paper" />}
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-8">
          {kind === 'picture' ? (
            <PictureEditLoader
              publicId={media.public_id}
              initial={{ type: String(v.type), source: String(v.source ?? ''), is_default: v.is_default === true }}
              types={types}
              back={back}
            />
          ) : (
            <VideoFormLoader
              publicId={media.public_id}
              initial={{ youtube_id: String(v.youtube_id), type: String(v.type), chapter: String(v.chapter ?? '') }}
              types={types}
              back={back}
            />
          )}
          <section aria-labelledby="media-delete" className="border-t border-line pt-4">
            <h2 id="media-delete" className="mb-2 text-lg font-semibold">
              {t('deleteTitle')}
            </h2>
            <MediaDeleteLoader entity={kind} publicId={media.public_id} back={back} />
          </section>
        </div>
      </div>
    </>
  );
}
