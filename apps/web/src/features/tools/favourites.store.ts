import type { Template } from '@quire/contracts';
import { useMutation, useMutationState, useQuery } from '@tanstack/react-query';
import { errorOf, type LoadStatus, queryClient, statusOf } from '../../lib/query-client';
import { forgetOnSignOut, useSession } from '../auth';
import { fetchTemplates, toggleFavourite } from './favourites.api';

export type FavouritesSnapshot = {
  status: LoadStatus;
  templates: Template[];
  error: string | null;
  /** Slugs whose toggle is under way. */
  toggling: string[];
};

export const favouritesKeys = {
  templates: ['tools', 'templates'] as const,
  toggle: ['tools', 'favourite'] as const,
};

forgetOnSignOut(favouritesKeys.templates);

/**
 * The tools with the user's favourite flags (GET /api/prompt_templates), loaded once per session and shared by
 * the sidebar's "my favourites", the tool cards and the tool pages.
 */
export function useFavourites(): FavouritesSnapshot {
  const signedIn = Boolean(useSession());
  const query = useQuery({
    queryKey: favouritesKeys.templates,
    queryFn: () => fetchTemplates(),
    enabled: signedIn,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const toggling = useMutationState({
    filters: { mutationKey: favouritesKeys.toggle, status: 'pending' },
    select: (mutation) => mutation.state.variables as string,
  });
  return { status: statusOf(query), templates: query.data ?? [], error: errorOf(query), toggling };
}

/**
 * Toggles a tool's favourite flag; the flag changes once the server has answered, to what it answered.
 * Resolves false (and logs) when the server did not.
 */
export function useToggleFavourite(): (slug: string) => Promise<boolean> {
  const mutation = useMutation({
    mutationKey: favouritesKeys.toggle,
    mutationFn: (slug: string) => toggleFavourite(slug),
    onSuccess: (favourite, slug) =>
      queryClient.setQueryData<Template[]>(favouritesKeys.templates, (templates) =>
        templates?.map((template) => (template.slug === slug ? { ...template, favourite } : template)),
      ),
  });
  return async (slug) => {
    try {
      await mutation.mutateAsync(slug);
      return true;
    } catch (error) {
      console.warn('Could not change a favourite', { slug, error });
      return false;
    }
  };
}

/** The tools list changed on the server (an own application, the study categories): it is asked for again. */
export function reloadFavourites(): void {
  void queryClient.invalidateQueries({ queryKey: favouritesKeys.templates });
}
