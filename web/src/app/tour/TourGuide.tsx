import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setSuccessListener } from '../../lib/tourHook';
import { useConfigStore } from '../../stores/configStore';
import { completeStepsOn, skipTour, skipTourStep } from '../../shared/tour/tourState';
import { isBuiltPath } from '../shell/pageRegistry';
import { TOUR_PAGE, TourPanel } from './TourPanel';
import { TourTips } from './TourTips';
import { useMayOpen, useTourFollowed, useTourList } from '../../shared/tour/useTour';
import './tour.css';

/** Where signing in lands (spec §4: a token on /login goes to /). */
const HOME_PATHS = ['/', '/home'];

/**
 * The tenant's tour in the signed-in console (spec §4): it loads the tour after sign-in, makes the first pending
 * step active and opens that step's page, completes steps when the HTTP client reports a successful call on their API, and says
 * 'Tips' at the end. Hiding it (hideStep) stops the panel and the navigation; steps still complete. A step whose
 * page the user cannot open (no permission, or not built yet) is never opened, and any step can be skipped.
 */
export function TourGuide() {
  const followed = useTourFollowed();
  useTourList(followed);
  useEffect(() => {
    if (!followed) return undefined;
    setSuccessListener(completeStepsOn);
    return () => setSuccessListener(null);
  }, [followed]);

  const list = useConfigStore((s) => s.tourList);
  const stepActive = useConfigStore((s) => s.stepActive);
  const hideStep = useConfigStore((s) => s.hideStep);
  const step = list.find((s) => s.id === stepActive);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mayOpen = useMayOpen();
  const mayOpenStep = step ? mayOpen(step.routeWeb) && isBuiltPath(step.routeWeb) : false;

  // Each step that becomes active opens its page once; the user may then go elsewhere. The step found when the
  // console starts opens only from the home page (where signing in lands): a reload or a link to another page
  // stays where it is.
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (!step || hideStep || opened.current === step.id) return;
    const first = opened.current === null;
    opened.current = step.id;
    if (first && !HOME_PATHS.includes(pathname)) return;
    if (mayOpenStep && pathname !== step.routeWeb) navigate(step.routeWeb);
  }, [step, hideStep, mayOpenStep, pathname, navigate]);

  // The tour page lists the same steps; elsewhere pages make room below so the panel never hides their end.
  const showPanel = followed && Boolean(step) && !hideStep && pathname !== TOUR_PAGE;
  useEffect(() => {
    document.body.classList.toggle('kayuh-touring', showPanel);
    return () => document.body.classList.remove('kayuh-touring');
  }, [showPanel]);

  return (
    <>
      {showPanel && step && (
        <TourPanel
          step={step}
          list={list}
          onStepPage={pathname === step.routeWeb}
          openable={mayOpenStep}
          onOpen={() => navigate(step.routeWeb)}
          onSkipStep={() => skipTourStep(step.id)}
          onSkipTour={skipTour}
        />
      )}
      <TourTips />
    </>
  );
}
